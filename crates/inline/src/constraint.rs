//! Operand constraints as nvcc reads them: `=`/`+`/`&` modifiers and one
//! letter saying what the operand becomes in PTX.
//!
//! nvcc (checked with CUDA 13.5) declares a register per operand: `h` a
//! `.b16` (`%rs`), `r` a `.b32` (`%r`), `l` a `.b64` (`%rd`), `q` a `.b128`
//! (`%rq`), `f` an `.f32` (`%f`), `d` an `.f64` (`%fd`); `n` is replaced by
//! the integer constant and `C` by the characters of a constant string.
//! Every other letter (`m`, `i`, `g`, ...) is an nvcc error in device code.

/// What an operand becomes in the PTX text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OperandKind {
    /// A register of this PTX type (`.b32`, `.f64`, ...).
    Register(RegisterType),
    /// An integer constant (`n`).
    Immediate,
    /// The characters of a constant string (`C`).
    String,
    /// A letter nvcc does not accept in device code.
    Unsupported(char),
    /// No letter at all.
    Missing,
}

/// The register nvcc declares for a register constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterType {
    /// The constraint letter.
    pub letter: char,
    /// The PTX type nvcc declares (`.b32`).
    pub ptx_type: &'static str,
    /// Its width in bits.
    pub bits: u32,
}

impl RegisterType {
    /// The register type of a constraint letter.
    pub fn of(letter: char) -> Option<Self> {
        let (ptx_type, bits) = match letter {
            'h' => (".b16", 16),
            'r' => (".b32", 32),
            'l' => (".b64", 64),
            'q' => (".b128", 128),
            'f' => (".f32", 32),
            'd' => (".f64", 64),
            _ => return None,
        };
        Some(Self { letter, ptx_type, bits })
    }

    /// The letter to use for a PTX operand of `bits` bits (integer or bit
    /// registers; `f`/`d` only when `float`).
    pub fn letter_for(bits: u32, float: bool) -> Option<char> {
        Some(match (bits, float) {
            (16, _) => 'h',
            (32, true) => 'f',
            (64, true) => 'd',
            (32, false) => 'r',
            (64, false) => 'l',
            (128, _) => 'q',
            _ => return None,
        })
    }
}

/// A parsed constraint string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constraint {
    /// The constraint as written (decoded).
    pub text: String,
    /// What the operand becomes.
    pub kind: OperandKind,
    /// `=`: written by the template.
    pub write_only: bool,
    /// `+`: read and written.
    pub read_write: bool,
    /// `&`: written before all inputs are read.
    pub early_clobber: bool,
}

impl Constraint {
    /// Parses a constraint such as `"=r"`, `"+l"`, `"=&r"`, `"n"`.
    ///
    /// ```
    /// use ptxkit_inline::constraint::{Constraint, OperandKind};
    /// let c = Constraint::parse("=&r");
    /// assert!(c.write_only && c.early_clobber);
    /// assert!(matches!(c.kind, OperandKind::Register(r) if r.ptx_type == ".b32"));
    /// assert_eq!(Constraint::parse("n").kind, OperandKind::Immediate);
    /// assert_eq!(Constraint::parse("m").kind, OperandKind::Unsupported('m'));
    /// ```
    pub fn parse(text: &str) -> Self {
        let mut write_only = false;
        let mut read_write = false;
        let mut early_clobber = false;
        let mut kind = OperandKind::Missing;
        for c in text.chars() {
            match c {
                '=' => write_only = true,
                '+' => read_write = true,
                '&' => early_clobber = true,
                c if c.is_whitespace() => {}
                c if kind == OperandKind::Missing => {
                    kind = match c {
                        'n' => OperandKind::Immediate,
                        'C' => OperandKind::String,
                        c => RegisterType::of(c).map_or(OperandKind::Unsupported(c), OperandKind::Register),
                    };
                }
                // Alternatives (`"rn"`) are not accepted by nvcc.
                c => kind = OperandKind::Unsupported(c),
            }
        }
        Self {
            text: text.to_string(),
            kind,
            write_only,
            read_write,
            early_clobber,
        }
    }

    /// The register type, for register constraints.
    pub fn register(&self) -> Option<RegisterType> {
        match self.kind {
            OperandKind::Register(r) => Some(r),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter() {
        for (letter, ty, bits) in [
            ('h', ".b16", 16),
            ('r', ".b32", 32),
            ('l', ".b64", 64),
            ('q', ".b128", 128),
            ('f', ".f32", 32),
            ('d', ".f64", 64),
        ] {
            let c = Constraint::parse(&letter.to_string());
            let r = c.register().unwrap();
            assert_eq!((r.ptx_type, r.bits), (ty, bits));
        }
        assert_eq!(Constraint::parse("C").kind, OperandKind::String);
        assert!(Constraint::parse("+f").read_write);
        assert_eq!(Constraint::parse("=").kind, OperandKind::Missing);
        assert_eq!(Constraint::parse("rn").kind, OperandKind::Unsupported('n'));
        assert_eq!(RegisterType::letter_for(64, false), Some('l'));
        assert_eq!(RegisterType::letter_for(32, true), Some('f'));
    }
}
