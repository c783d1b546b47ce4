/**
 * @file Lossless tree-sitter grammar for NVIDIA PTX, ISA 1.0 to 9.5.
 * @license MIT OR Apache-2.0
 *
 * Design notes
 * - Opcodes and their modifiers are generic: an opcode is a word and each
 *   modifier is a dot-part after it (`.shared::cta`, `.m16n8k16`, `.3d`),
 *   usually glued to it; ptxas also takes whitespace between them.
 *   Which combinations are legal is ptx-isa's and the linter's business, so a
 *   new ISA version keeps parsing.
 * - Comments and preprocessor lines are extras: they may appear between any
 *   two tokens and stay in the tree.
 * - Every meaningful child has a field name.
 * - The rules that only group kinds (`_statement`, `_directive`, `_operand`,
 *   `_expression`, `_item`, `_declaration_specifier`) are inlined, not
 *   supertypes: a supertype or hidden rule is a hidden node in every tree, which
 *   the parser builds and every tree walk steps through. A hidden node per
 *   operand cost a third of the parse speed; the `_statement` and `_directive`
 *   supertypes, the modifier list and the declaration specifiers were 15% of
 *   the nodes of nvcc output, and inlining them made parsing 11% and walking
 *   10% faster. For the same reason operand and modifier lists are unrolled.
 *   (`_operands` stays a hidden rule: inlined, its unrolled operands multiply
 *   the parse table past what the generator can build.)
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// C operator precedence, lowest first (PTX ISA, "Constant Expressions").
const PREC = {
  conditional: 1,
  logical_or: 2,
  logical_and: 3,
  bitwise_or: 4,
  bitwise_xor: 5,
  bitwise_and: 6,
  equality: 7,
  relational: 8,
  shift: 9,
  additive: 10,
  multiplicative: 11,
  cast: 12,
  unary: 13,
  // `%p|%q` (a destination paired with a predicate) binds tighter than `|`.
  pipe: 14,
};

const LINKAGES = ['.extern', '.visible', '.weak', '.common'];

const STATE_SPACES = [
  '.reg', '.sreg', '.const', '.global', '.local', '.param', '.param::entry',
  '.param::func', '.shared', '.shared::cta', '.shared::cluster', '.tex',
];

// Directives that tune a kernel or function; written after its parameters.
const FUNCTION_DIRECTIVES = [
  '.maxnreg', '.maxntid', '.reqntid', '.minnctapersm', '.maxnctapersm',
  '.reqnctapercluster', '.explicitcluster', '.maxclusterrank',
  '.blocksareclusters', '.noreturn', '.abi_preserve', '.abi_preserve_control',
];

const IDENTIFIER = /[a-zA-Z][a-zA-Z0-9_$]*|[_$%][a-zA-Z0-9_$]+/;

/**
 * One or more `rule`, separated by commas.
 * @param {RuleOrLiteral} rule
 * @returns {SeqRule}
 */
function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

/**
 * Zero or more `rule`, separated by commas.
 * @param {RuleOrLiteral} rule
 * @returns {ChoiceRule}
 */
function commaSep(rule) {
  return optional(commaSep1(rule));
}

module.exports = grammar({
  name: 'ptx',

  word: $ => $.identifier,

  extras: $ => [/\s/, $.comment, $.preprocessor, $.unterminated_comment],

  inline: $ => [
    $._operand, $._expression, $._item, $._modifiers, $._directive, $._statement,
    $._declaration_specifier,
  ],

  conflicts: $ => [],

  rules: {
    source_file: $ => repeat($._item),

    _item: $ => choice(
      $._directive,
      $.variable_declaration,
      $.function_definition,
      $.function_declaration,
      // Statements outside any function: ptxas rejects them (ptxkit-syntax reports each as a
      // syntax error), but an inline-PTX template (`asm("mov.u32 %0, %1;" ...)`) is exactly
      // that, and an editor injecting PTX into C++ strings needs it parsed.
      $.instruction,
      $.call_instruction,
      $.label,
      $.block,
    ),

    // ---------------------------------------------------------------------
    // Module directives

    _directive: $ => choice(
      $.version_directive,
      $.target_directive,
      $.address_size_directive,
      $.file_directive,
      $.loc_directive,
      $.section_directive,
      $.pragma_directive,
      $.alias_directive,
      $.dwarf_directive,
    ),

    version_directive: $ => seq('.version', field('version', $.version_number)),

    version_number: _ => /[0-9]+\.[0-9]+/,

    target_directive: $ => seq('.target', commaSep1(field('target', $.identifier))),

    address_size_directive: $ => seq('.address_size', field('size', $.integer)),

    // `.file 1 "a.cu"` or `.file 1 "a.cu", 1700000000, 4096`
    file_directive: $ => seq(
      '.file',
      field('index', $.integer),
      field('path', $.string),
      optional(seq(',', field('timestamp', $.integer), optional(seq(',', field('size', $.integer))))),
    ),

    // `.loc 1 12 3` with optional `, function_name L, inlined_at 1 5 7`
    loc_directive: $ => seq(
      '.loc',
      field('file', $.integer),
      field('line', $.integer),
      field('column', $.integer),
      repeat(seq(',', choice($.loc_function_name, $.loc_inlined_at))),
    ),

    loc_function_name: $ => seq('function_name', field('name', $._expression)),

    loc_inlined_at: $ => seq(
      'inlined_at',
      field('file', $.integer),
      field('line', $.integer),
      field('column', $.integer),
    ),

    // `.section .debug_info { ... }`
    section_directive: $ => seq(
      '.section',
      field('name', $.section_name),
      field('body', $.section_body),
    ),

    section_name: _ => /\.[A-Za-z_][A-Za-z0-9_$]*/,

    section_body: $ => seq('{', repeat(choice($.label, $.section_data)), '}'),

    // `.b8 1, 2, 3` / `.b32 $L__info_string0` / `.b32 .debug_loc+8`
    section_data: $ => seq(
      field('type', $.type),
      commaSep1(field('value', choice(
        $._expression,
        $.section_name,
        alias($._section_offset, $.binary_expression),
      ))),
      optional(';'),
    ),

    // `.debug_loc+8`
    _section_offset: $ => seq(
      field('left', $.section_name),
      field('operator', choice('+', '-')),
      field('right', $._expression),
    ),

    pragma_directive: $ => seq('.pragma', commaSep1(field('value', $.string)), ';'),

    alias_directive: $ => seq(
      '.alias',
      field('alias', $.identifier),
      ',',
      field('aliasee', $.identifier),
      ';',
    ),

    // Legacy DWARF lines of PTX 1.x/2.x: `@@DWARF .byte 0x11, ...`
    dwarf_directive: _ => token(seq('@@DWARF', /[^\r\n]*/)),

    // ---------------------------------------------------------------------
    // Functions

    function_definition: $ => seq(
      $._function_header,
      field('body', $.block),
    ),

    // The `;` is optional: PTX 2.x compilers wrote prototypes without one.
    function_declaration: $ => prec.right(seq(
      $._function_header,
      optional(';'),
    )),

    // Right-associative: a `.pragma` after a prototype without `;` belongs
    // to the header (entry scope) rather than to the module.
    _function_header: $ => prec.right(seq(
      optional($._linkages),
      field('kind', $.function_kind),
      optional(field('returns', $.parameter_list)),
      field('name', $.identifier),
      optional(field('parameters', $.parameter_list)),
      repeat(field('directive', choice($.function_directive, $.pragma_directive))),
    )),

    function_kind: _ => choice('.entry', '.func'),

    linkage: _ => choice(...LINKAGES),

    parameter_list: $ => seq('(', commaSep(field('parameter', $.parameter_declaration)), ')'),

    // `.param .u64 .ptr .global .align 16 p` / `.reg .b32 r` / `.param .align 8 .b8 s[16]`
    parameter_declaration: $ => seq(
      repeat1($._declaration_specifier),
      field('declarator', $.declarator),
    ),

    // `.maxntid 256, 1, 1` / `.noreturn` / `.minnctapersm 2`
    function_directive: $ => prec.right(seq(
      field('name', $.function_directive_name),
      commaSep(field('value', $._expression)),
    )),

    function_directive_name: _ => choice(...FUNCTION_DIRECTIVES),

    block: $ => seq('{', repeat($._statement), '}'),

    // ---------------------------------------------------------------------
    // Statements inside function bodies

    _statement: $ => choice(
      $.instruction,
      $.call_instruction,
      $.label,
      $.block,
      $.variable_declaration,
      $.callprototype_directive,
      $.branchtargets_directive,
      $.calltargets_directive,
      $.pragma_directive,
      $.loc_directive,
      $.file_directive,
      $.dwarf_directive,
      alias($._body_function_directive, $.function_directive),
    ),

    _body_function_directive: $ => seq(
      field('name', $.function_directive_name),
      commaSep(field('value', $._expression)),
      ';',
    ),

    label: $ => seq(field('name', $.identifier), ':'),

    // `.callprototype (.param .b32 _) _ (.param .b64 _);`
    callprototype_directive: $ => seq(
      '.callprototype',
      optional(field('returns', $.parameter_list)),
      field('name', $.sink),
      optional(field('parameters', $.parameter_list)),
      repeat(field('directive', $.function_directive)),
      ';',
    ),

    branchtargets_directive: $ => seq(
      '.branchtargets',
      commaSep1(field('target', $.identifier)),
      ';',
    ),

    calltargets_directive: $ => seq(
      '.calltargets',
      commaSep1(field('target', $.identifier)),
      ';',
    ),

    // ---------------------------------------------------------------------
    // Declarations

    // `.visible .global .align 4 .b8 buf[16] = {0, 1};` / `.reg .b32 %r<10>;`
    variable_declaration: $ => seq(
      optional($._linkages),
      repeat1($._declaration_specifier),
      commaSep1(field('declarator', $.declarator)),
      ';',
    ),

    // Shared by functions and variables so that the parser need not decide
    // which one it is reading until it sees `.entry`/`.func` or a state space.
    _linkages: $ => repeat1(field('linkage', $.linkage)),

    _declaration_specifier: $ => choice(
      field('state_space', $.state_space),
      field('align', $.alignment),
      field('attribute', $.attribute),
      field('pointer', $.pointer_qualifier),
      field('vector', $.vector_type),
      field('type', $.type),
    ),

    state_space: _ => choice(...STATE_SPACES, /\.const\[[0-9]+\]/),

    alignment: $ => seq('.align', field('value', $._expression)),

    // `.attribute(.managed)` / `.attribute(.unified(0x1, 0x2))`
    attribute: $ => seq(
      '.attribute',
      '(',
      commaSep1(field('item', $.attribute_item)),
      ')',
    ),

    attribute_item: $ => seq(
      field('name', $.attribute_name),
      optional(seq('(', commaSep(field('argument', $._expression)), ')')),
    ),

    attribute_name: _ => /\.[A-Za-z_][A-Za-z0-9_]*/,

    // `.ptr .global .align 16` on kernel parameters
    pointer_qualifier: $ => prec.right(seq(
      '.ptr',
      optional(field('state_space', $.state_space)),
      optional(field('align', $.alignment)),
    )),

    vector_type: _ => /\.v[0-9]+/,

    // Fundamental, alternate-format and opaque types: `.b32`, `.f16x2`,
    // `.bf16`, `.e4m3x2`, `.tf32`, `.ue8m0x2`, `.pred`, `.texref`, ...
    type: _ => token(choice(
      /\.(b|s|u|f|bf|tf|e|ue)[0-9]+[a-z0-9]*/,
      '.pred',
      '.texref',
      '.samplerref',
      '.surfref',
    )),

    declarator: $ => seq(
      field('name', choice($.identifier, $.sink)),
      optional(choice(
        field('count', $.parameterized_count),
        repeat1(field('dimension', $.array_dimension)),
      )),
      optional(seq('=', field('initializer', $._initializer))),
    ),

    // `%r<100>`
    parameterized_count: $ => seq(token.immediate('<'), field('count', $.integer), '>'),

    array_dimension: $ => seq('[', optional(field('size', $._expression)), ']'),

    _initializer: $ => choice($._expression, $.initializer_list),

    initializer_list: $ => seq(
      '{',
      commaSep(field('element', choice($._expression, $.initializer_list, $.field_initializer))),
      optional(','),
      '}',
    ),

    // `addr_mode_0 = clamp_to_edge` in texture and sampler initializers
    field_initializer: $ => seq(
      field('field', $.identifier),
      '=',
      field('value', $._expression),
    ),

    // ---------------------------------------------------------------------
    // Instructions

    instruction: $ => seq(
      optional(field('guard', $.guard)),
      field('opcode', alias($.identifier, $.opcode)),
      optional($._modifiers),
      optional($._operands),
      ';',
    ),

    // Unrolled up to four operands: most instructions have at most four, and
    // a flat sequence builds fewer tree nodes than a repetition (faster).
    _operands: $ => {
      const operand = field('operand', $._operand);
      return seq(operand, optional(seq(',', operand, optional(seq(',', operand,
        optional(seq(',', operand, repeat(seq(',', operand)))))))));
    },

    // Unrolled like `_operands`.
    _modifiers: $ => {
      const modifier = field('modifier', $.modifier);
      return seq(modifier, optional(seq(modifier, optional(seq(modifier,
        optional(seq(modifier, repeat(modifier))))))));
    },

    guard: $ => seq('@', optional(field('negated', '!')), field('predicate', $.identifier)),

    // A dot-part after the opcode, usually glued to it (ptxas also takes
    // `prmt .b32`, as hand-written inline asm has it): `.global`, `.v4`, `.m16n8k16`, `.3d`,
    // `.L2::128B`, `.mbarrier::complete_tx::bytes`, the sparsity pattern
    // `.sp::2:4` (PTX 9.4), and the banked constant space of PTX 1.x/2.x,
    // `.const[2]`.
    modifier: _ => token(/\.[A-Za-z0-9_]+(::[A-Za-z0-9_]+(:[A-Za-z0-9_]+)*)*(\[[0-9]+\])?/),

    // `call.uni (r), f, (a, b), proto;` and its no-return and indirect forms
    call_instruction: $ => seq(
      optional(field('guard', $.guard)),
      field('opcode', alias('call', $.opcode)),
      repeat(field('modifier', $.modifier)),
      optional(seq(field('returns', $.argument_list), ',')),
      field('callee', $.identifier),
      optional(seq(',', field('arguments', $.argument_list))),
      optional(seq(',', field('targets', $.identifier))),
      ';',
    ),

    argument_list: $ => seq('(', commaSep(field('argument', $._operand)), ')'),

    _operand: $ => choice(
      $._expression,
      $.address_operand,
      $.vector_operand,
      $.predicate_pair,
      $.member_operand,
      $.indexed_operand,
      $.sink,
    ),

    // `[%rd1+8]`, `[sym]`, `[tex, sampler, {%f1, %f2}]`
    address_operand: $ => seq(
      '[',
      commaSep1(field('element', choice($._expression, $.vector_operand))),
      ']',
    ),

    // `{%r1, %r2, _}`
    vector_operand: $ => seq('{', commaSep(field('element', $._operand)), '}'),

    // `%r1|%p1`: a destination register paired with a predicate; either may be the sink
    // (`elect.sync _|%p1, %r1`, as CCCL's `cuda::ptx` emits); the destination may be a braced
    // vector (`tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}|%p1, [t, {%f5, %f6}]`)
    predicate_pair: $ => prec(PREC.pipe, seq(
      field('value', choice($.identifier, $.sink, $.vector_operand)),
      '|',
      field('predicate', choice($.identifier, $.sink)),
    )),

    // `%tid.x`, `%v.w`
    member_operand: $ => seq(
      field('object', $.identifier),
      field('member', alias(token.immediate(/\.[A-Za-z_][A-Za-z0-9_]*/), $.member)),
    ),

    // `array[%r1]`
    indexed_operand: $ => seq(
      field('array', $.identifier),
      '[',
      field('index', $._expression),
      ']',
    ),

    sink: _ => '_',

    // ---------------------------------------------------------------------
    // Constant expressions

    _expression: $ => choice(
      $.identifier,
      $.integer,
      $.float,
      $.unary_expression,
      $.binary_expression,
      $.conditional_expression,
      $.parenthesized_expression,
      $.cast_expression,
      $.generic_expression,
      $.mask_expression,
    ),

    unary_expression: $ => prec(PREC.unary, seq(
      field('operator', choice('-', '+', '!', '~')),
      field('argument', $._expression),
    )),

    binary_expression: $ => {
      const table = [
        ['||', PREC.logical_or],
        ['&&', PREC.logical_and],
        ['|', PREC.bitwise_or],
        ['^', PREC.bitwise_xor],
        ['&', PREC.bitwise_and],
        ['==', PREC.equality],
        ['!=', PREC.equality],
        ['<', PREC.relational],
        ['<=', PREC.relational],
        ['>', PREC.relational],
        ['>=', PREC.relational],
        ['<<', PREC.shift],
        ['>>', PREC.shift],
        ['+', PREC.additive],
        ['-', PREC.additive],
        ['*', PREC.multiplicative],
        ['/', PREC.multiplicative],
        ['%', PREC.multiplicative],
      ];
      return choice(...table.map(([operator, precedence]) => prec.left(precedence, seq(
        field('left', $._expression),
        // @ts-ignore
        field('operator', operator),
        field('right', $._expression),
      ))));
    },

    conditional_expression: $ => prec.right(PREC.conditional, seq(
      field('condition', $._expression),
      '?',
      field('consequence', $._expression),
      ':',
      field('alternative', $._expression),
    )),

    parenthesized_expression: $ => seq('(', field('expression', $._expression), ')'),

    // `(.s64) x`, `(.u64) x`
    cast_expression: $ => prec(PREC.cast, seq(
      '(',
      field('type', $.type),
      ')',
      field('value', $._expression),
    )),

    // `generic(sym)` in initializers
    generic_expression: $ => seq('generic', '(', field('symbol', $._expression), ')'),

    // `0xff00(sym+4)` in initializers: extract the masked byte of an address
    mask_expression: $ => seq(
      field('mask', $.integer),
      token.immediate('('),
      field('value', $._expression),
      ')',
    ),

    // ---------------------------------------------------------------------
    // Tokens

    identifier: _ => IDENTIFIER,

    integer: _ => token(choice(
      /0[xX][0-9a-fA-F]+U?/,
      /0[bB][01]+U?/,
      /0[0-7]*U?/,
      /[1-9][0-9]*U?/,
    )),

    // Decimal floats and the exact hex forms `0f3F800000` / `0d3FF0000000000000`.
    float: _ => token(choice(
      /0[fF][0-9a-fA-F]{8}/,
      /0[dD][0-9a-fA-F]{16}/,
      /[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?/,
      /\.[0-9]+([eE][+-]?[0-9]+)?/,
      /[0-9]+[eE][+-]?[0-9]+/,
    )),

    string: _ => token(seq('"', repeat(choice(/[^"\\\r\n]+/, /\\./)), '"')),

    comment: _ => token(choice(
      seq('//', /[^\r\n]*/),
      seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'),
    )),

    // A `/*` never closed. It runs to the end of its line only, so that an
    // unclosed comment costs one line, not the rest of the file; tools treat
    // it as a syntax error. It cannot contain `*/`, so a closed comment is
    // always the longer match.
    unterminated_comment: _ => token(seq('/*', /([^*\r\n]|\*+[^*\/\r\n])*\**/)),

    // `#include`, `#define X 1`, `#if`, `# 12 "file"`: kept verbatim, with
    // backslash-newline continuations.
    preprocessor: _ => token(seq('#', repeat(choice(/[^\\\r\n]+/, /\\\r?\n/, /\\/)))),
  },
});
