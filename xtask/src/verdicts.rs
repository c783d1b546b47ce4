//! The oracle's recorded verdicts: what ptxas (and cuobjdump, nvcc) said of each input,
//! committed in `xtask/verdicts/<check>.tsv` and keyed by a hash of exactly what the tool
//! was given (the input text, the tool's release, its options).
//!
//! A check asks [`Verdicts::get`] with the key and a closure that runs the tool. What
//! happens depends on the [`Mode`]:
//!
//! - [`Mode::Replay`] (the default, and CI's): an input whose key is recorded takes the
//!   recorded result, except a rotating sample (`--sample PERCENT`, 4% by default; which
//!   keys, a hash of the key and a seed, the commit by default) that is run live and must
//!   give the recorded result. An input not recorded (a changed probe, a new fixture, a
//!   reformatted file) is always run live.
//! - [`Mode::Live`] (`--live`): every input runs live and is compared with its record.
//! - [`Mode::Record`] (`--record`): every input runs live and the file is written again.
//!
//! A live result that differs from its record fails the check loudly (`VERDICT MISMATCH`),
//! and the check goes on with the live result. The file is sorted by key, one
//! `key<TAB>value` line each (tabs, newlines and backslashes in values escaped), so that a
//! re-recording diffs line by line.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{Context, Result, bail};

/// How recorded verdicts are used (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Recorded results, a rotating sample and every unrecorded input run live.
    Replay,
    /// Everything live, compared with the records.
    Live,
    /// Everything live, the records written again.
    Record,
}

/// The options every check that asks the oracle takes: `--live`, `--record`,
/// `--sample PERCENT` (environment: `PTXKIT_VERDICTS=live|record|replay`,
/// `PTXKIT_VERDICT_SAMPLE`, `PTXKIT_VERDICT_SEED`).
#[derive(Debug, Clone)]
pub struct Options {
    /// How recorded verdicts are used.
    pub mode: Mode,
    /// The share of recorded inputs re-run live in replay mode, in basis points.
    pub sample_basis_points: u32,
    /// What picks the sample: the commit by default, so that it rotates.
    pub seed: String,
}

/// The usage text of the options, for the checks' own usage lines.
pub const USAGE: &str = "[--live | --record] [--sample PERCENT]";

/// The default share of recorded inputs re-verified live.
const DEFAULT_SAMPLE_PERCENT: f64 = 4.0;

impl Options {
    /// Takes the oracle options out of `args`, leaving the check's own.
    pub fn take(args: &[String]) -> Result<(Self, Vec<String>)> {
        let mut mode = match std::env::var("PTXKIT_VERDICTS").as_deref() {
            Ok("live") => Mode::Live,
            Ok("record") => Mode::Record,
            Ok("replay") | Ok("") | Err(_) => Mode::Replay,
            Ok(other) => bail!("PTXKIT_VERDICTS={other}: expected live, record or replay"),
        };
        let mut sample = match std::env::var("PTXKIT_VERDICT_SAMPLE") {
            Ok(text) => parse_percent(&text).context("PTXKIT_VERDICT_SAMPLE")?,
            Err(_) => DEFAULT_SAMPLE_PERCENT,
        };
        let mut rest = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--live" => mode = Mode::Live,
                "--record" => mode = Mode::Record,
                "--sample" => sample = parse_percent(it.next().context("--sample needs a percentage")?)?,
                _ => rest.push(arg.clone()),
            }
        }
        let seed = std::env::var("PTXKIT_VERDICT_SEED").unwrap_or_else(|_| default_seed());
        Ok((
            Options {
                mode,
                sample_basis_points: (sample * 100.0).round() as u32,
                seed,
            },
            rest,
        ))
    }
}

fn parse_percent(text: &str) -> Result<f64> {
    let value: f64 = text
        .trim_end_matches('%')
        .parse()
        .with_context(|| format!("'{text}' is not a percentage"))?;
    if !(0.0..=100.0).contains(&value) {
        bail!("the sample is a percentage from 0 to 100, not {value}");
    }
    Ok(value)
}

/// The commit being checked (so each commit re-verifies another sample), else today's date.
fn default_seed() -> String {
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(crate::workspace_root())
        .output();
    match head {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim().to_string(),
        _ => {
            let days = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() / 86_400);
            format!("day {days}")
        }
    }
}

/// A hash of exactly what a tool was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key([u8; 16]);

impl Key {
    /// The key of `parts` (a tool and its release, its options, its input text, …), each
    /// length-prefixed so that no two lists of parts share a key.
    pub fn of(parts: &[&[u8]]) -> Key {
        let mut hasher = blake3::Hasher::new();
        for part in parts {
            hasher.update(&(part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
        let mut key = [0u8; 16];
        key.copy_from_slice(&hasher.finalize().as_bytes()[..16]);
        Key(key)
    }

    fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn parse(hex: &str) -> Option<Key> {
        if hex.len() != 32 {
            return None;
        }
        let mut key = [0u8; 16];
        for (i, byte) in key.iter_mut().enumerate() {
            *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(Key(key))
    }
}

/// What one run did with the records.
#[derive(Debug, Default)]
struct Tally {
    replayed: usize,
    sampled: usize,
    unrecorded: usize,
    mismatches: usize,
}

/// The recorded verdicts of one check, and what this run asked of them.
pub struct Verdicts {
    name: &'static str,
    command: &'static str,
    path: PathBuf,
    options: Options,
    recorded: HashMap<Key, String>,
    seen: Mutex<BTreeMap<Key, String>>,
    tally: Mutex<Tally>,
}

impl Verdicts {
    /// The records `name` (`xtask/verdicts/<name>.tsv`; none yet is an empty record) of the
    /// check `cargo xtask <command>`.
    pub fn open(name: &'static str, command: &'static str, options: &Options) -> Result<Verdicts> {
        let path = crate::workspace_root()
            .join("xtask/verdicts")
            .join(format!("{name}.tsv"));
        let mut recorded = HashMap::new();
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                for (i, line) in text.lines().enumerate() {
                    if line.starts_with('#') || line.is_empty() {
                        continue;
                    }
                    let parsed = line
                        .split_once('\t')
                        .and_then(|(key, value)| Some((Key::parse(key)?, unescape(value)?)));
                    let Some((key, value)) = parsed else {
                        bail!(
                            "{}:{}: not a `key<TAB>value` line (re-record with --record)",
                            path.display(),
                            i + 1
                        );
                    };
                    recorded.insert(key, value);
                }
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(err).with_context(|| format!("reading {}", path.display())),
        }
        Ok(Verdicts {
            name,
            command,
            path,
            options: options.clone(),
            recorded,
            seen: Mutex::new(BTreeMap::new()),
            tally: Mutex::new(Tally::default()),
        })
    }

    /// Whether a recorded key is in this run's live sample.
    fn sampled(&self, key: Key) -> bool {
        let pick = Key::of(&[self.options.seed.as_bytes(), &key.0]);
        let draw = u32::from_le_bytes([pick.0[0], pick.0[1], pick.0[2], pick.0[3]]) % 10_000;
        draw < self.options.sample_basis_points
    }

    /// The tool's result for `key`: recorded, or from `live` (which runs the tool and must
    /// return the same text for the same key every time).
    pub fn get(&self, key: Key, live: impl FnOnce() -> Result<String>) -> Result<String> {
        if let Some(value) = self.seen.lock().expect("no panics holding the lock").get(&key) {
            return Ok(value.clone());
        }
        let recorded = self.recorded.get(&key);
        let run_live = match (self.options.mode, recorded) {
            (Mode::Replay, Some(_)) => self.sampled(key),
            _ => true,
        };
        let value = if run_live {
            live()?
        } else {
            recorded.cloned().unwrap_or_default()
        };
        {
            let mut tally = self.tally.lock().expect("no panics holding the lock");
            match recorded {
                None => tally.unrecorded += 1,
                Some(_) if !run_live => tally.replayed += 1,
                Some(old) => {
                    tally.sampled += 1;
                    if *old != value {
                        tally.mismatches += 1;
                        println!(
                            "VERDICT MISMATCH [{}] {}: recorded {:?}, live {:?}",
                            self.name,
                            key.hex(),
                            old,
                            value
                        );
                    }
                }
            }
        }
        self.seen
            .lock()
            .expect("no panics holding the lock")
            .insert(key, value.clone());
        Ok(value)
    }

    /// Prints what this run did with the records and, with `--record`, writes them (only this
    /// run's when `complete`, the check having asked for every input it has; merged with the
    /// old ones otherwise). Returns false when a live result differed from its record (except
    /// when recording, which replaces it).
    pub fn finish(self, complete: bool) -> Result<bool> {
        let tally = self.tally.into_inner().expect("no panics holding the lock");
        let seen = self.seen.into_inner().expect("no panics holding the lock");
        let percent = f64::from(self.options.sample_basis_points) / 100.0;
        let rel = self
            .path
            .strip_prefix(crate::workspace_root())
            .unwrap_or(&self.path)
            .display()
            .to_string();
        match self.options.mode {
            Mode::Replay => println!(
                "verdicts ({rel}): {} recorded, {} replayed, {} re-verified live ({percent}% sample), \
                 {} not recorded and run live, {} mismatches",
                self.recorded.len(),
                tally.replayed,
                tally.sampled,
                tally.unrecorded,
                tally.mismatches
            ),
            Mode::Live | Mode::Record => println!(
                "verdicts ({rel}): {} run live, {} compared with the record, {} not recorded, {} mismatches",
                seen.len(),
                tally.sampled,
                tally.unrecorded,
                tally.mismatches
            ),
        }
        if tally.unrecorded > 0 && self.options.mode == Mode::Replay {
            println!(
                "  ({} inputs are not recorded: `cargo xtask {} --record` records them)",
                tally.unrecorded, self.command
            );
        }
        if self.options.mode == Mode::Record {
            let mut all: BTreeMap<Key, String> = if complete {
                BTreeMap::new()
            } else {
                self.recorded.into_iter().collect()
            };
            all.extend(seen);
            let mut text = format!(
                "# cargo xtask {} --record: what the tools said, keyed by a hash of exactly what they were given\n",
                self.command
            );
            for (key, value) in &all {
                text.push_str(&key.hex());
                text.push('\t');
                text.push_str(&escape(value));
                text.push('\n');
            }
            let dir = self.path.parent().context("the verdicts directory")?;
            std::fs::create_dir_all(dir)?;
            let temp = self.path.with_extension("tsv.tmp");
            std::fs::write(&temp, text).with_context(|| format!("writing {}", temp.display()))?;
            std::fs::rename(&temp, &self.path).with_context(|| format!("writing {}", self.path.display()))?;
            println!("verdicts: wrote {} records to {rel}", all.len());
            return Ok(true);
        }
        if tally.mismatches > 0 {
            println!(
                "FAILED: {} live results differ from the recorded verdicts in {rel} (the tool or its \
                 installation changed; check it, then `cargo xtask {} --record`)",
                tally.mismatches, self.command
            );
        }
        Ok(tally.mismatches == 0)
    }
}

fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(value: &str) -> Option<String> {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            _ => return None,
        });
    }
    Some(out)
}

/// What a process said, as recorded: its exit (`0`, `1`, … or `signal`), a tab, and its
/// stderr followed by its stdout.
pub fn process_record(output: &std::process::Output) -> String {
    let status = output
        .status
        .code()
        .map_or_else(|| "signal".to_string(), |c| c.to_string());
    format!(
        "{status}\t{}{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    )
}

/// A recorded process result read back: (exit code, or `None` for a signal; stderr then stdout).
pub fn parse_process_record(record: &str) -> (Option<i32>, &str) {
    let (status, text) = record.split_once('\t').unwrap_or((record, ""));
    (status.parse().ok(), text)
}

#[cfg(test)]
mod tests {
    use super::{Key, escape, unescape};

    #[test]
    fn values_round_trip_through_the_escaping() {
        for value in ["", "a\tb\nc\\d\re", "\\n", "ptxas x.ptx, line 3; error : \"x\"\n"] {
            assert_eq!(unescape(&escape(value)).as_deref(), Some(value));
            assert!(!escape(value).contains(['\t', '\n']));
        }
        assert_eq!(unescape("bad\\x"), None);
    }

    #[test]
    fn keys_separate_their_parts() {
        assert_ne!(Key::of(&[b"ab", b"c"]), Key::of(&[b"a", b"bc"]));
        let key = Key::of(&[b"ptxas 13.5", b"-arch=sm_80", b".version 8.0"]);
        assert_eq!(Key::parse(&key.hex()), Some(key));
    }
}
