//! Branches that threads may take apart, and which instructions lie on their sides: two
//! accesses on two sides of such a branch run in different threads at once, with nothing
//! between them.

use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

use super::kernel::Reach;
use crate::flow::cfg::InsnId;

/// The branches (by index, ascending) an instruction is on a side of, and which sides.
type SidesOf = Vec<(u32, SmallVec<[u32; 2]>)>;

/// Divergent branches with what each of their sides reaches; which sides an instruction is
/// on is worked out once per instruction asked about (pair searches ask about every pair of
/// their accesses).
pub(crate) struct Splits {
    /// Each branch (its last instruction) and what each of its sides reaches.
    branches: Vec<(InsnId, Vec<Reach>)>,
    /// Per instruction asked about: the branches it is on a side of (by index, ascending)
    /// and which sides.
    sides_of: HashMap<InsnId, SidesOf>,
}

impl Splits {
    /// The branches `branches` (each its last instruction and what its sides reach).
    pub(crate) fn new(branches: Vec<(InsnId, Vec<Reach>)>) -> Splits {
        Splits {
            branches,
            sides_of: HashMap::default(),
        }
    }

    /// The first branch with `a` on one of its sides and `b` on another.
    pub(crate) fn apart(&mut self, a: InsnId, b: InsnId) -> Option<InsnId> {
        self.index(a);
        self.index(b);
        let (la, lb) = (&self.sides_of[&a], &self.sides_of[&b]);
        let (mut i, mut j) = (0, 0);
        while i < la.len() && j < lb.len() {
            let ((ka, sa), (kb, sb)) = (&la[i], &lb[j]);
            match ka.cmp(kb) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    // Some side of `a` and another of `b`: unless both are on one same side
                    // and no other.
                    if !(sa.len() == 1 && sb.len() == 1 && sa[0] == sb[0]) {
                        return Some(self.branches[*ka as usize].0);
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        None
    }

    /// Records which sides of which branches `insn` is on.
    fn index(&mut self, insn: InsnId) {
        if self.sides_of.contains_key(&insn) {
            return;
        }
        let list = self
            .branches
            .iter()
            .enumerate()
            .filter_map(|(k, (_, sides))| {
                let on: SmallVec<[u32; 2]> = (0..sides.len() as u32)
                    .filter(|&i| sides[i as usize].contains(insn))
                    .collect();
                (!on.is_empty()).then_some((k as u32, on))
            })
            .collect();
        self.sides_of.insert(insn, list);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What instructions `on` of `n` reach.
    fn reach(n: usize, on: &[InsnId]) -> Reach {
        let mut r = Reach::empty(n);
        for &i in on {
            r.insert(i);
        }
        r
    }

    #[test]
    fn two_instructions_on_two_sides_are_apart_at_the_first_such_branch() {
        // Branch 9: side 0 reaches 1 and 2, side 1 reaches 3. Branch 19: side 0 reaches 1,
        // side 1 reaches 2 and 3.
        let mut splits = Splits::new(vec![
            (9, vec![reach(32, &[1, 2]), reach(32, &[3])]),
            (19, vec![reach(32, &[1]), reach(32, &[2, 3])]),
        ]);
        assert_eq!(splits.apart(1, 3), Some(9));
        assert_eq!(splits.apart(3, 1), Some(9));
        // 1 and 2 share side 0 of branch 9, and are apart at branch 19.
        assert_eq!(splits.apart(1, 2), Some(19));
        // 2 and 3 share a side of branch 19 only; apart at 9.
        assert_eq!(splits.apart(2, 3), Some(9));
        assert_eq!(splits.apart(1, 1), None);
        assert_eq!(splits.apart(1, 5), None);
    }

    #[test]
    fn an_instruction_both_sides_reach_is_apart_from_one_either_side_reaches() {
        // After the join: both sides reach 4; one side alone reaches 2.
        let mut splits = Splits::new(vec![(0, vec![reach(8, &[2, 4]), reach(8, &[4])])]);
        assert_eq!(splits.apart(4, 2), Some(0));
        assert_eq!(splits.apart(4, 4), Some(0));
    }
}
