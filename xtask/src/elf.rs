//! Comparing two cubins (ELF64) while setting aside the PTX line numbers
//! that ptxas puts into the names of function-scope variables
//! (`$____cuda_shared8__204`): used where `cuobjdump -sass` cannot
//! disassemble the architecture (before sm_75 with CUDA 13).

use anyhow::{Context, Result, bail};

/// A section reduced to what must not change: name (normalised), type,
/// flags, and contents (symbol tables with names instead of string offsets).
#[derive(Debug, PartialEq, Eq)]
struct Section {
    name: String,
    kind: u32,
    flags: u64,
    contents: Vec<u8>,
    symbols: Vec<(String, Vec<u8>)>,
}

/// Whether two cubins are identical once line-number suffixes of symbol
/// names are set aside.
pub fn same_except_line_numbers(a: &[u8], b: &[u8]) -> Result<bool> {
    Ok(sections(a)? == sections(b)?)
}

const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_NOBITS: u32 = 8;

fn sections(elf: &[u8]) -> Result<Vec<Section>> {
    if elf.len() < 64 || &elf[..4] != b"\x7fELF" || elf[4] != 2 || elf[5] != 1 {
        bail!("not a little-endian ELF64 file");
    }
    let u16_at = |at: usize| -> Result<u16> {
        Ok(u16::from_le_bytes(
            elf.get(at..at + 2).context("truncated ELF")?.try_into()?,
        ))
    };
    let u32_at = |at: usize| -> Result<u32> {
        Ok(u32::from_le_bytes(
            elf.get(at..at + 4).context("truncated ELF")?.try_into()?,
        ))
    };
    let u64_at = |at: usize| -> Result<u64> {
        Ok(u64::from_le_bytes(
            elf.get(at..at + 8).context("truncated ELF")?.try_into()?,
        ))
    };
    let shoff = u64_at(0x28)? as usize;
    let shentsize = usize::from(u16_at(0x3a)?);
    let shnum = usize::from(u16_at(0x3c)?);
    let shstrndx = usize::from(u16_at(0x3e)?);
    let header = |i: usize| shoff + i * shentsize;
    let data = |i: usize| -> Result<&[u8]> {
        let (offset, size) = (u64_at(header(i) + 0x18)? as usize, u64_at(header(i) + 0x20)? as usize);
        elf.get(offset..offset + size).context("section outside the file")
    };
    let string = |table: &[u8], offset: usize| -> String {
        let bytes = table.get(offset..).unwrap_or(&[]);
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        String::from_utf8_lossy(&bytes[..end]).into_owned()
    };
    let names = data(shstrndx)?;
    let mut out = Vec::with_capacity(shnum);
    for i in 0..shnum {
        let kind = u32_at(header(i) + 4)?;
        let mut section = Section {
            name: normalize(&string(names, u32_at(header(i))? as usize)),
            kind,
            flags: u64_at(header(i) + 8)?,
            contents: Vec::new(),
            symbols: Vec::new(),
        };
        match kind {
            SHT_NOBITS => section.contents = u64_at(header(i) + 0x20)?.to_le_bytes().to_vec(),
            SHT_STRTAB => {}
            SHT_SYMTAB => {
                let strings = data(u32_at(header(i) + 0x28)? as usize)?;
                for entry in data(i)?.chunks(24) {
                    let name = u32::from_le_bytes(entry[..4].try_into()?) as usize;
                    section
                        .symbols
                        .push((normalize(&string(strings, name)), entry[4..].to_vec()));
                }
            }
            _ => section.contents = data(i)?.to_vec(),
        }
        out.push(section);
    }
    Ok(out)
}

/// `$____cuda_shared8__204` → `$____cuda_shared8__#`; any `__<digits>` at
/// the end of a name or before a `.`.
fn normalize(name: &str) -> String {
    let mut out = Vec::with_capacity(name.len());
    let bytes = name.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if name[i..].starts_with("__") {
            let digits = bytes[i + 2..].iter().take_while(|b| b.is_ascii_digit()).count();
            let end = i + 2 + digits;
            if digits > 0 && (end == bytes.len() || bytes[end] == b'.') {
                out.extend_from_slice(b"__#");
                i = end;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    #[test]
    fn normalizes_line_number_suffixes() {
        assert_eq!(super::normalize("$____cuda_shared8__204"), "$____cuda_shared8__#");
        assert_eq!(super::normalize(".nv.shared.k__12.x"), ".nv.shared.k__#.x");
        assert_eq!(super::normalize("__cuda_x"), "__cuda_x");
    }
}
