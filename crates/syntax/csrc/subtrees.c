// Reading tree-sitter trees directly, where the public API costs several hundred
// instructions per node:
// - `ptxkit_children`: the visible children of a node, with their fields, in one call;
// - `ptxkit_same_subtrees`: whether two trees are the same subtree for subtree.
//
// It includes tree-sitter's internal headers (`subtree.h`, `tree.h`, `language.h`), which
// exist only for the exact tree-sitter release the workspace pins (`=0.27.1`).
//
// `TSTreeCursor` finds a node's children one step at a time, and each step passes through
// the hidden nodes in between (repetitions, hidden rules), so that stepping costs several
// hundred instructions per child. This function reads the tree's subtrees directly, the
// way tree-sitter's own `node.c` and `tree_cursor.c` do, and returns what a cursor's
// `goto_first_child` / `goto_next_sibling` / `field_id` would: the same nodes (same
// subtree, position and alias) with the same field ids, in the same order.
//
// It includes tree-sitter's internal headers (`subtree.h`, `tree.h`, `language.h`), which
// exist only for the exact tree-sitter release the workspace pins (`=0.27.1`); the crate's
// test `children_are_the_cursors` compares it with the cursor on every node of the corpus
// and of mutants with syntax errors.

#include "tree_sitter/api.h"
#include "subtree.h"
#include "tree.h"
#include "language.h"

#include <stdlib.h>
#include <string.h>

// One child: the node, its field id (0: none) and whether it has children of its own.
typedef struct {
  TSNode node;
  uint16_t field;
  uint16_t has_children;
} PtxkitChild;

// A node being read: the visible parent, or a hidden node under it.
typedef struct {
  Subtree parent;
  Length position;
  uint32_t child_index;
  uint32_t structural_child_index;
  const TSSymbol *alias_sequence;
  const TSFieldMapEntry *fields;
  const TSFieldMapEntry *fields_end;
  // The field a child of this hidden node has when its own production gives it none: the
  // hidden node's field in its parent, or that of the nearest hidden ancestor with one
  // (`ts_tree_cursor_current_field_id` walks up the same way).
  uint16_t inherited;
} Frame;

// How deeply hidden nodes may nest under one visible node (repetitions are balanced
// trees, log2 of the count deep): deeper, the caller falls back to a cursor.
#define PTXKIT_MAX_HIDDEN_DEPTH 64

// The field of the child at `structural_index` in a production's field map.
static inline uint16_t own_field(const TSFieldMapEntry *map, const TSFieldMapEntry *end, uint32_t structural_index) {
  for (; map < end; map++) {
    if (!map->inherited && map->child_index == structural_index) return map->field_id;
  }
  return 0;
}

static inline void enter(Frame *frame, const TSLanguage *language, Subtree parent, Length position, uint16_t inherited) {
  frame->parent = parent;
  frame->position = position;
  frame->child_index = 0;
  frame->structural_child_index = 0;
  frame->alias_sequence = ts_language_alias_sequence(language, parent.ptr->production_id);
  ts_language_field_map(language, parent.ptr->production_id, &frame->fields, &frame->fields_end);
  frame->inherited = inherited;
}

// Writes the visible children of `parent` to `out` (at most `capacity` of them) and returns
// how many there are, or UINT32_MAX when hidden nodes nest deeper than
// PTXKIT_MAX_HIDDEN_DEPTH under it.
uint32_t ptxkit_children(TSNode parent, PtxkitChild *out, uint32_t capacity) {
  if (!parent.id) return 0;
  Subtree subtree = *(const Subtree *)parent.id;
  if (ts_subtree_child_count(subtree) == 0) return 0;
  const TSTree *tree = parent.tree;
  const TSLanguage *language = tree->language;
  Frame stack[PTXKIT_MAX_HIDDEN_DEPTH];
  Length start = {parent.context[0], {parent.context[1], parent.context[2]}};
  enter(&stack[0], language, subtree, start, 0);
  uint32_t depth = 1;
  uint32_t count = 0;
  while (depth > 0) {
    Frame *frame = &stack[depth - 1];
    if (frame->child_index == frame->parent.ptr->child_count) {
      depth--;
      continue;
    }
    const Subtree *child = &ts_subtree_children(frame->parent)[frame->child_index];
    // A node starts where its first child does: padding counts from the second child on.
    if (frame->child_index > 0) frame->position = length_add(frame->position, ts_subtree_padding(*child));
    Length position = frame->position;
    frame->position = length_add(frame->position, ts_subtree_size(*child));
    frame->child_index++;
    bool extra = ts_subtree_extra(*child);
    TSSymbol alias = 0;
    uint32_t structural_index = frame->structural_child_index;
    if (!extra) {
      if (frame->alias_sequence) alias = frame->alias_sequence[structural_index];
      frame->structural_child_index++;
    }
    // An extra's field is none, and it passes none on.
    uint16_t field = 0;
    if (!extra) {
      field = own_field(frame->fields, frame->fields_end, structural_index);
      if (!field) field = frame->inherited;
    }
    if (ts_subtree_visible(*child) || alias != 0) {
      if (count < capacity) {
        out[count].node = (TSNode){
          {position.bytes, position.extent.row, position.extent.column, alias},
          child,
          tree,
        };
        out[count].field = field;
        out[count].has_children = ts_subtree_visible_child_count(*child) > 0;
      }
      count++;
    } else if (ts_subtree_visible_child_count(*child) > 0) {
      if (depth == PTXKIT_MAX_HIDDEN_DEPTH) return UINT32_MAX;
      enter(&stack[depth], language, *child, position, field);
      depth++;
    }
  }
  return count;
}

// ---------------------------------------------------------------------------------------
// Whether two trees are the same subtree for subtree.

// Whether `c` is whitespace that Rust's `str::trim_end` trims (U+0009..U+000D, U+0020).
static inline bool is_trimmed(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

// Whether `a[..a_len]` and `b[..b_len]` are equal once trailing whitespace is trimmed.
static inline bool same_text(const char *a, uint32_t a_len, const char *b, uint32_t b_len) {
  while (a_len > 0 && is_trimmed(a[a_len - 1])) a_len--;
  while (b_len > 0 && is_trimmed(b[b_len - 1])) b_len--;
  return a_len == b_len && memcmp(a, b, a_len) == 0;
}

typedef struct {
  Subtree a, b;
  uint32_t a_start, b_start;  // the bytes where each starts, after its padding
} Pair;

// Whether the trees under `a` and `b` (roots of trees over `a_text` and `b_text`) have the
// same subtrees: the same symbols, productions, flags (visible, named, extra, missing) and
// child counts everywhere, and the same text (trailing whitespace aside) at every subtree
// with no visible child. Then their syntax trees are the same node for node: a node's kind,
// field and visibility come from its symbol and its parent's production. Returns false
// when they differ somewhere (or memory runs out): the caller then compares nodes.
bool ptxkit_same_subtrees(TSNode a, const char *a_text, size_t a_len, TSNode b, const char *b_text, size_t b_len) {
  if (!a.id || !b.id) return false;
  size_t capacity = 256, size = 0;
  Pair *stack = malloc(capacity * sizeof(Pair));
  if (!stack) return false;
  stack[size++] = (Pair){*(const Subtree *)a.id, *(const Subtree *)b.id, a.context[0], b.context[0]};
  bool same = true;
  while (same && size > 0) {
    Pair pair = stack[--size];
    Subtree x = pair.a, y = pair.b;
    uint32_t count = ts_subtree_child_count(x);
    if (
      ts_subtree_symbol(x) != ts_subtree_symbol(y) ||
      ts_subtree_visible(x) != ts_subtree_visible(y) ||
      ts_subtree_named(x) != ts_subtree_named(y) ||
      ts_subtree_extra(x) != ts_subtree_extra(y) ||
      ts_subtree_missing(x) != ts_subtree_missing(y) ||
      count != ts_subtree_child_count(y)
    ) {
      same = false;
      break;
    }
    if (count == 0 || ts_subtree_visible_child_count(x) == 0) {
      uint32_t x_size = ts_subtree_size(x).bytes, y_size = ts_subtree_size(y).bytes;
      if (
        (uint64_t)pair.a_start + x_size > a_len || (uint64_t)pair.b_start + y_size > b_len ||
        !same_text(a_text + pair.a_start, x_size, b_text + pair.b_start, y_size)
      ) {
        same = false;
        break;
      }
    }
    if (count == 0) continue;
    if (ts_subtree_production_id(x) != ts_subtree_production_id(y)) {
      same = false;
      break;
    }
    if (size + count > capacity) {
      while (size + count > capacity) capacity *= 2;
      Pair *grown = realloc(stack, capacity * sizeof(Pair));
      if (!grown) {
        same = false;
        break;
      }
      stack = grown;
    }
    // The children, last first so that the first is compared first.
    const Subtree *x_children = ts_subtree_children(x), *y_children = ts_subtree_children(y);
    uint32_t x_at = pair.a_start, y_at = pair.b_start;
    Pair *slot = stack + size + count;
    for (uint32_t i = 0; i < count; i++) {
      if (i > 0) {
        x_at += ts_subtree_padding(x_children[i]).bytes;
        y_at += ts_subtree_padding(y_children[i]).bytes;
      }
      *--slot = (Pair){x_children[i], y_children[i], x_at, y_at};
      x_at += ts_subtree_size(x_children[i]).bytes;
      y_at += ts_subtree_size(y_children[i]).bytes;
    }
    size += count;
  }
  free(stack);
  return same;
}
