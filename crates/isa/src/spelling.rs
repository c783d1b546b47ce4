//! How far a misspelling is from a known name: the edit distance behind every did-you-mean
//! of the toolkit (opcodes, modifiers, rule names, declared names).

/// The edit distance between `a` and `b` when it is at most `limit`, else `None`; a swap of two
/// neighbouring characters counts as one edit (optimal string alignment: `.snyc` is one edit
/// from `.sync`, the commonest typo).
///
/// Every did-you-mean asks only whether a name is close, so the computation stops as soon as
/// the answer is no: at once when the lengths differ by more than `limit`, else when two rows
/// of the table have passed it. A name thousands of characters long (written, or typed in an
/// editor) costs no more than its length times the candidates.
///
/// ```
/// use ptxkit_isa::spelling::distance_within;
/// assert_eq!(distance_within(".snyc", ".sync", 1), Some(1));
/// assert_eq!(distance_within("mbarier", "mbarrier", 2), Some(1));
/// assert_eq!(distance_within("add", "fma", 1), None);
/// ```
pub fn distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    // Cell (i, j) costs at least |i - j|: only the band |i - j| <= limit is computed, the
    // cells beside it stand for "past the limit".
    let past = limit + 1;
    // Rows i-2, i-1 and i of the table (a swap reads two rows back).
    let mut before: Vec<usize> = vec![past; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).map(|j| j.min(past)).collect();
    let mut row: Vec<usize> = vec![past; b.len() + 1];
    let mut previous_min = 0;
    for i in 1..=a.len() {
        let low = i.saturating_sub(limit).max(1);
        let high = (i + limit).min(b.len());
        row[low - 1] = if low == 1 { i.min(past) } else { past };
        if high < b.len() {
            row[high + 1] = past;
        }
        let mut row_min = row[low - 1];
        for j in low..=high {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1).min(row[j - 1] + 1).min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            row[j] = best.min(past);
            row_min = row_min.min(row[j]);
        }
        // Every later cell costs at least the smaller of this row's least and the row
        // before's least plus one (a swap): once both are past the limit, so is the answer.
        if row_min > limit && previous_min >= limit {
            return None;
        }
        previous_min = row_min;
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut row);
    }
    let distance = previous[b.len()];
    (distance <= limit).then_some(distance)
}

#[cfg(test)]
mod tests {
    use super::distance_within;

    /// The whole table, as the definition says.
    fn full_distance(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, row) in d.iter_mut().enumerate() {
            row[0] = i;
        }
        for (j, cell) in d[0].iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        d[a.len()][b.len()]
    }

    #[test]
    fn agrees_with_the_whole_table_at_every_limit() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            ".sync",
            ".snyc",
            ".aligned",
            ".algined",
            "mbarrier",
            "mbarier",
            ".shared::cta",
            ".shared::cluster",
            "abcabc",
            "cbacba",
            "%r1",
            "%rd1",
            "é",
            "ée",
            "aaaa",
            "abab",
            "baba",
        ];
        for a in words {
            for b in words {
                let exact = full_distance(a, b);
                for limit in 0..8 {
                    let expected = (exact <= limit).then_some(exact);
                    assert_eq!(distance_within(a, b, limit), expected, "{a:?} {b:?} within {limit}");
                }
            }
        }
    }

    #[test]
    fn a_very_long_name_is_answered_without_the_whole_table() {
        let long = "x".repeat(100_000);
        assert_eq!(distance_within(&long, ".sync", 33_333), None);
        let mut close = long.clone();
        close.replace_range(50_000..50_002, "yz");
        // Two rows past the limit end it: about 100,000 cells, not 10^10.
        assert_eq!(distance_within(&long, &close, 1), None);
    }
}
