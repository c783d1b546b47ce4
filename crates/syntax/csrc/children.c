// The visible children of a tree-sitter node, with their fields, in one call.
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
