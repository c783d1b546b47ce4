//! What an instruction in a file looks like, as the matcher sees it: the opcode, the modifiers
//! and each operand's shape with the declared type of its registers. The semantic layer builds
//! these from the syntax tree; tests and `--explain-instruction` build them by hand.

/// What a name in an operand refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// A variable (`.global`, `.shared`, `.const`, `.local`, `.param` …).
    Variable,
    /// A function or kernel.
    Function,
    /// A label, `.branchtargets` or `.callprototype` name.
    Label,
    /// A `.texref` variable.
    TexRef,
    /// A `.samplerref` variable.
    SamplerRef,
    /// A `.surfref` variable.
    SurfRef,
    /// Not declared (another rule reports it): accepted wherever a name may stand.
    Unknown,
}

/// The kind of a constant, which decides the operand types it may stand for: ptxas takes an
/// integer constant only for integer and bit types, a decimal float (`1.0`) only for `.f32` and
/// `.f64`, and a hex float (`0f3F800000`, `0d…`) for `.f32`, `.f64` and the bit type of its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Literal {
    /// An integer constant or constant expression.
    Integer,
    /// A decimal float (`1.0`, `1e-3`).
    Float,
    /// A hex float of this many bits (`0f…`: 32, `0d…`: 64).
    HexFloat(u8),
}

impl Literal {
    /// The literal kind of a float token as written.
    pub fn of_float(text: &str) -> Literal {
        let lower = text.to_ascii_lowercase();
        if lower.starts_with("0f") {
            Literal::HexFloat(32)
        } else if lower.starts_with("0d") {
            Literal::HexFloat(64)
        } else {
            Literal::Float
        }
    }
}

/// One operand as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Found<'a> {
    /// A register; `ty` is its declared type (`.b32`, `.pred`), `None` when undeclared;
    /// `vector` is its declared vector width (`.reg .v4 .f32 v`), 0 for a scalar register.
    Register {
        /// Declared type.
        ty: Option<&'a str>,
        /// Declared vector width, 0 for scalars.
        vector: u16,
    },
    /// A special register such as `%tid.x` or `%clock64`.
    SpecialRegister {
        /// The widths in bits `mov` reads it at as a scalar
        /// ([`mov_widths`](crate::special_registers::mov_widths); empty: not checked).
        widths: &'static [u32],
        /// Its vector width when written whole (`%nclusterid`: 4), 0 for a scalar.
        vector: u16,
    },
    /// A constant expression; `value` when it is an integer that evaluates.
    Immediate {
        /// What kind of literal it is.
        literal: Literal,
        /// The integer value, when known.
        value: Option<i64>,
    },
    /// A name that is not a register: a variable, function, label or opaque handle, maybe
    /// plus or minus a constant.
    Name {
        /// What it names.
        kind: NameKind,
        /// Written with `+`/`-` a constant.
        offset: bool,
    },
    /// A register plus or minus a constant (inside an address).
    RegisterOffset {
        /// The register's declared type.
        ty: Option<&'a str>,
    },
    /// A variable plus a register (`[smem + %r1]`), which ptxas rejects.
    NamePlusRegister,
    /// An address in brackets, with its elements.
    Address(Vec<Found<'a>>),
    /// A braced vector, with its elements.
    Vector(Vec<Found<'a>>),
    /// A destination paired with a predicate (`%r1|%p1`).
    Pair(Box<Found<'a>>, Box<Found<'a>>),
    /// A negated predicate (`!%p1`).
    Negated(Box<Found<'a>>),
    /// The sink symbol `_`.
    Sink,
    /// A parenthesized argument list with this many arguments (`call`).
    Params(usize),
    /// Anything else (an expression the matcher does not judge).
    Other,
}

impl Found<'_> {
    /// The operand's kind in a message: "a constant", "a register".
    pub fn describe(&self) -> &'static str {
        match self {
            Found::Register { ty: Some(".pred"), .. } => "a predicate register",
            Found::Register { vector, .. } if *vector > 0 => "a vector register",
            Found::Register { .. } => "a register",
            Found::SpecialRegister { .. } => "a special register",
            Found::Immediate { .. } => "a constant",
            Found::Name {
                kind: NameKind::Function,
                ..
            } => "a function name",
            Found::Name {
                kind: NameKind::Label, ..
            } => "a label",
            Found::Name { .. } => "a variable name",
            Found::RegisterOffset { .. } => "a register plus a constant",
            Found::NamePlusRegister => "a variable plus a register",
            Found::Address(_) => "an address",
            Found::Vector(_) => "a braced vector",
            Found::Pair(..) => "a register|predicate pair",
            Found::Negated(_) => "a negated predicate",
            Found::Sink => "the sink '_'",
            Found::Params(_) => "an argument list",
            Found::Other => "an expression",
        }
    }
}

/// One instruction as the matcher sees it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Instance<'a> {
    /// The opcode word.
    pub opcode: &'a str,
    /// The modifiers in source order, with their dots.
    pub modifiers: Vec<&'a str>,
    /// The operands in order (a `call`'s return list, callee, argument list and target list
    /// each count as one).
    pub operands: Vec<Found<'a>>,
}
