//! The compiled signature tables: what `build.rs` generates from `signatures/*.sig`.

/// One form: an opcode with its modifier parts and operand positions, as one line of a
/// signature file.
#[derive(Debug, PartialEq, Eq)]
pub struct Form {
    /// The family file's stem (`add`, `mma`).
    pub family: &'static str,
    /// The line of the form in `signatures/<family>.sig`.
    pub line: u32,
    /// The form as written (`add{.sat}.s32 d, a, b;`, whitespace normalised).
    pub text: &'static str,
    /// The manual section (`9.7.1.1`).
    pub section: &'static str,
    /// One line in our own words.
    pub summary: &'static str,
    /// Side effects.
    pub effects: Effects,
    /// The opcode word.
    pub opcode: &'static str,
    /// The modifier parts in the manual's order.
    pub parts: &'static [Part],
    /// The operand positions in order.
    pub positions: &'static [Position],
    /// Combinations the form excludes: (pattern in the `ptxkit_isa` table language, reason).
    pub excepts: &'static [(&'static str, &'static str)],
    /// The `block` require records of the form's block (indices into the form features).
    pub requires: &'static [u16],
    /// The memory the form accesses (its block's `memory` lines).
    pub memory: &'static [super::semantics::MemoryEffect],
    /// The synchronisation it performs (its block's `sync` lines).
    pub sync: &'static [super::semantics::SyncEffect],
    /// What it computes (its block's `value` lines).
    pub values: &'static [super::semantics::ValueEffect],
    /// How it changes control flow (its block's `control` lines).
    pub control: &'static [super::semantics::ControlEffect],
}

impl Form {
    /// The version and target rows that apply to this form only (`block` require records:
    /// facts its instances share with other forms' instances of the same chain, such as an
    /// indirect `call`), besides the rows its instances match by pattern.
    pub fn features(&self) -> impl Iterator<Item = &'static crate::feature::Feature> + '_ {
        self.requires.iter().map(|&i| &super::FORM_FEATURES[usize::from(i)])
    }
}

/// One modifier part of a form.
#[derive(Debug, PartialEq, Eq)]
pub struct Part {
    /// The name as written in the signature (`.type`, `.sync`).
    pub name: &'static str,
    /// The values it takes, with their dots; a literal part takes its own name.
    pub values: &'static [&'static str],
    /// Written `{.name}`: may be left out.
    pub optional: bool,
    /// A slot with values (not a literal).
    pub slot: bool,
    /// Every value is a type name.
    pub is_type: bool,
}

impl Part {
    /// Whether `modifier` is one of the values.
    pub fn takes(&self, modifier: &str) -> bool {
        self.values.contains(&modifier)
    }
}

/// When an operand position must be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// Always.
    Always,
    /// It may be left out.
    Optional,
    /// Exactly when the part with this index is written.
    If(u8),
}

/// The shape of one operand position.
#[derive(Debug, PartialEq, Eq)]
pub enum Shape {
    /// One operand (a scalar, or a braced vector when its count says so).
    Single(Operand),
    /// Exactly the sink symbol `_`.
    Sink,
    /// An address in brackets; each element with whether it may be left out.
    Address(&'static [(Operand, bool)]),
    /// A braced list of exactly these operands (`{a, b, e, f}`).
    List(&'static [Operand]),
    /// A destination paired with a predicate (`d|p`).
    Pair {
        /// The value destination.
        first: Operand,
        /// The predicate destination.
        second: Operand,
        /// Whether `d` alone is also accepted.
        second_optional: bool,
    },
    /// A predicate that may be negated (`{!}c`).
    Negatable(Operand),
    /// A parenthesized list (`call`).
    Paren(Operand),
}

/// One operand position of a form.
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    /// What is written there.
    pub shape: Shape,
    /// When it is present.
    pub presence: Presence,
}

impl Position {
    /// The operands of the position, in order (one for most shapes).
    pub fn operands(&self) -> Vec<&Operand> {
        match &self.shape {
            Shape::Single(o) | Shape::Negatable(o) | Shape::Paren(o) => vec![o],
            Shape::Sink => Vec::new(),
            Shape::Address(elements) => elements.iter().map(|(o, _)| o).collect(),
            Shape::List(list) => list.iter().collect(),
            Shape::Pair { first, second, .. } => vec![first, second],
        }
    }

    /// The name used in messages: the operand's name, or the written shape.
    pub fn label(&self) -> String {
        match &self.shape {
            Shape::Single(o) => o.name.to_string(),
            Shape::Negatable(o) => format!("{{!}}{}", o.name),
            Shape::Paren(o) => format!("({})", o.name),
            Shape::Sink => "_".to_string(),
            Shape::Address(elements) => format!(
                "[{}]",
                elements.iter().map(|(o, _)| o.name).collect::<Vec<_>>().join(", ")
            ),
            Shape::List(list) => format!("{{{}}}", list.iter().map(|o| o.name).collect::<Vec<_>>().join(", ")),
            Shape::Pair { first, second, .. } => format!("{}|{}", first.name, second.name),
        }
    }
}

/// Whether an operand is read, written, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Read.
    In,
    /// Written.
    Out,
    /// Read and written.
    InOut,
}

/// What may be written in an operand position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Kinds(pub u16);

impl Kinds {
    /// A register.
    pub const REG: Kinds = Kinds(1);
    /// A predicate register.
    pub const PRED: Kinds = Kinds(1 << 1);
    /// An integer or float constant.
    pub const IMM: Kinds = Kinds(1 << 2);
    /// A special register (`%tid.x`).
    pub const SREG: Kinds = Kinds(1 << 3);
    /// A variable name, optionally plus a constant (its address).
    pub const SYM: Kinds = Kinds(1 << 4);
    /// A function name.
    pub const FUNC: Kinds = Kinds(1 << 5);
    /// A label (or `.branchtargets` / `.callprototype` name).
    pub const LABEL: Kinds = Kinds(1 << 6);
    /// An address expression (inside brackets).
    pub const ADDR: Kinds = Kinds(1 << 7);
    /// The sink symbol `_`.
    pub const SINK: Kinds = Kinds(1 << 8);
    /// A `.texref` handle.
    pub const TEXREF: Kinds = Kinds(1 << 9);
    /// A `.samplerref` handle.
    pub const SAMPLERREF: Kinds = Kinds(1 << 10);
    /// A `.surfref` handle.
    pub const SURFREF: Kinds = Kinds(1 << 11);
    /// A parenthesized argument list.
    pub const PARAMS: Kinds = Kinds(1 << 12);
    /// The sink `_` as the whole of an operand that takes a vector (`x.vec`, `x4`), also when
    /// its vector part is absent: ptxas's "result discard mode" (`atom`, not `ld` or `mov`).
    /// `sink` alone lets each element of a braced vector be `_`.
    pub const DISCARD: Kinds = Kinds(1 << 13);

    /// The kind words of the notation, with their flags.
    pub const WORDS: &'static [(&'static str, Kinds)] = &[
        ("reg", Kinds::REG),
        ("pred", Kinds::PRED),
        ("imm", Kinds::IMM),
        ("sreg", Kinds::SREG),
        ("sym", Kinds::SYM),
        ("func", Kinds::FUNC),
        ("label", Kinds::LABEL),
        ("addr", Kinds::ADDR),
        ("sink", Kinds::SINK),
        ("texref", Kinds::TEXREF),
        ("samplerref", Kinds::SAMPLERREF),
        ("surfref", Kinds::SURFREF),
        ("params", Kinds::PARAMS),
        ("discard", Kinds::DISCARD),
    ];

    /// Whether every kind in `other` is allowed.
    pub const fn contains(self, other: Kinds) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether any kind in `other` is allowed.
    pub const fn intersects(self, other: Kinds) -> bool {
        self.0 & other.0 != 0
    }

    /// The union.
    pub const fn union(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    /// These kinds less the kinds in `other`.
    pub const fn without(self, other: Kinds) -> Kinds {
        Kinds(self.0 & !other.0)
    }

    /// The kind words, in notation order (`reg|imm`).
    pub fn words(self) -> Vec<&'static str> {
        Kinds::WORDS
            .iter()
            .filter(|(_, k)| self.contains(*k))
            .map(|(w, _)| *w)
            .collect()
    }

    /// How the kinds read in a message: "a register or a constant".
    pub fn describe(self) -> String {
        let names: Vec<&str> = Kinds::WORDS
            .iter()
            .filter(|(_, k)| self.contains(*k))
            .map(|(w, _)| match *w {
                "reg" => "a register",
                "pred" => "a predicate register",
                "imm" => "a constant",
                "sreg" => "a special register",
                "sym" => "a variable name",
                "func" => "a function name",
                "label" => "a label",
                "addr" => "an address",
                "sink" => "the sink '_'",
                "texref" => "a texture reference",
                "samplerref" => "a sampler reference",
                "surfref" => "a surface reference",
                "discard" => "the sink '_' for the whole operand",
                _ => "an argument list",
            })
            .collect();
        match names.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.to_string(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        }
    }
}

/// An operand's type, in terms of the form's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeSpec {
    /// Not checked.
    Unchecked,
    /// Always this type.
    Fixed(&'static str),
    /// The value of part `part`, its width scaled by `num / den` (`mul.wide`: 2/1).
    Part {
        /// Index into [`Form::parts`].
        part: u8,
        /// Width multiplier.
        num: u8,
        /// Width divisor.
        den: u8,
    },
    /// A type chosen by the value of part `part`.
    Map {
        /// Index into [`Form::parts`].
        part: u8,
        /// (value, type) pairs.
        entries: &'static [(&'static str, &'static str)],
    },
}

/// How many registers an operand is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountSpec {
    /// One operand, not a vector.
    Scalar,
    /// A braced vector of this many.
    Fixed(u16),
    /// The number in part `0`'s value (`.v4` → 4); a scalar when the part is absent.
    PartNumber(u8),
    /// A count chosen by the value of a part.
    Map {
        /// Index into [`Form::parts`].
        part: u8,
        /// (value, count) pairs.
        entries: &'static [(&'static str, u16)],
    },
    /// A dimension of a shape value (`.m64n128k16`, `n` → 128), times `num / den`.
    Dim {
        /// Index into [`Form::parts`].
        part: u8,
        /// `m`, `n` or `k`.
        letter: char,
        /// Multiplier.
        num: u16,
        /// Divisor.
        den: u16,
    },
}

/// One operand of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operand {
    /// Its name in the signature (`d`, `cache-policy`).
    pub name: &'static str,
    /// Read, written or both.
    pub direction: Direction,
    /// What may be written there.
    pub kinds: Kinds,
    /// Its type.
    pub ty: TypeSpec,
    /// Its vector count.
    pub count: CountSpec,
    /// The register may be wider than the type (`ld`, `st`, `cvt`).
    pub wide: bool,
    /// One register or constant of the element type may stand for the whole vector (the
    /// coordinates and offsets of `tex`, `tld4` and the surface instructions); a braced vector
    /// must still have the expected size.
    pub scalar: bool,
    /// One value that ptxas also takes braced, `{%r1}` (`mma`'s block-scale data).
    pub braced: bool,
    /// An example value for probes (empty: generated).
    pub example: &'static str,
    /// The range an immediate must lie in.
    pub range: Option<(i64, i64)>,
    /// A number an immediate must be a multiple of (`st.bulk`'s size: 8).
    pub multiple: Option<i64>,
    /// An immediate must not be 0 (`wgmma`'s scale: -1 or 1, written `range -1..1 nonzero`).
    pub nonzero: bool,
    /// The PTX version (major, minor) and base target (`sm` number, 0: any) from which the
    /// operand may be written, when later than the form's own (`cp.async`'s `ignore-src`: 7.5;
    /// `tex`'s offset vector: 4.3 on sm_30). Probes place instances that write it there; the
    /// version rules do not see operands yet.
    pub since: Option<(u8, u8, u16)>,
    /// The operation reads or writes the register asynchronously, complete when this group's
    /// wait says so (`wgmma`'s accumulators: `async wgmma`).
    pub asynchronous: Option<super::semantics::Group>,
    /// An `inout` operand read only when the predicate operand of this name is true (`wgmma`'s
    /// accumulators: `read-when scale-d`, §9.7.15.5.2 L559).
    pub read_when: Option<&'static str>,
}

impl Operand {
    /// Whether the whole operand may be the sink `_`: a scalar operand whose kinds include
    /// `sink`, or any operand whose kinds include `discard`. For an operand that takes a vector,
    /// `sink` lets only its elements be `_`.
    pub fn takes_whole_sink(&self) -> bool {
        self.kinds.contains(Kinds::DISCARD) || (self.count == CountSpec::Scalar && self.kinds.contains(Kinds::SINK))
    }
}

/// What an instruction does besides computing its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effects {
    /// Reads memory.
    pub read: bool,
    /// Writes memory.
    pub write: bool,
    /// Orders or synchronises threads.
    pub sync: bool,
    /// A lane's result depends on other lanes.
    pub collective: bool,
    /// Changes control flow.
    pub control: bool,
    /// Completes asynchronously.
    pub asynchronous: bool,
}

impl Effects {
    /// Whether the instruction has any effect besides its result.
    pub fn any(&self) -> bool {
        self.read || self.write || self.sync || self.collective || self.control || self.asynchronous
    }

    /// The effect words (`read write sync`), or `none`.
    pub fn words(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        for (on, word) in [
            (self.read, "read"),
            (self.write, "write"),
            (self.sync, "sync"),
            (self.collective, "collective"),
            (self.control, "control"),
            (self.asynchronous, "async"),
        ] {
            if on {
                out.push(word);
            }
        }
        if out.is_empty() {
            out.push("none");
        }
        out
    }
}
