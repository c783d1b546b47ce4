//! Rows of equal count: how a braced list that does not fit on its line is
//! laid out (`{%f0, %f1, …}` vectors, call arguments, initializers).
//!
//! The elements go in rows that each hold the same number of elements (the
//! last row the rest), in columns as wide as the widest element, inside the
//! brace. The count is the
//! largest power of two that lets every row, and the closing bracket with
//! the punctuation after it, fit the line width from the column where the
//! rows start (known only during layout: see [`crate::doc::Doc::Rows`]);
//! `max_elements_per_row`, when set, is the most a row may hold.

/// A braced list's elements, measured for rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows {
    /// Each element's text on one line, without its comma.
    pub cells: Vec<String>,
    /// The line width.
    pub width: usize,
    /// The most elements per row; 0 for no limit.
    pub max_per_row: usize,
}

impl Rows {
    /// How many elements go in each row when the rows start at `column`:
    /// the largest power of two (or `max_per_row` itself) whose rows fit,
    /// else 1.
    pub fn per_row(&self, column: usize) -> usize {
        let count = self.cells.len();
        let limit = match self.max_per_row {
            0 => count,
            max => max.min(count),
        };
        let fit = self.width.saturating_sub(column) / (self.widest() + 2);
        if fit >= limit {
            limit.max(1)
        } else if fit <= 1 {
            1
        } else {
            1 << fit.ilog2()
        }
    }

    /// The widest element.
    fn widest(&self) -> usize {
        self.cells.iter().map(|c| c.chars().count()).max().unwrap_or(0)
    }

    /// The rows' text for `per_row` elements per row: elements separated by
    /// `, `, padded to the widest so that the columns line up.
    pub fn row_texts(&self, per_row: usize) -> Vec<String> {
        let widest = self.widest();
        let last = self.cells.len().saturating_sub(1);
        self.cells
            .chunks(per_row.max(1))
            .enumerate()
            .map(|(row, cells)| {
                let mut text = String::new();
                for (column, cell) in cells.iter().enumerate() {
                    text.push_str(cell);
                    if row * per_row + column < last {
                        text.push(',');
                    }
                    if column + 1 < cells.len() {
                        let pad = widest - cell.chars().count() + 1;
                        text.extend(std::iter::repeat_n(' ', pad));
                    }
                }
                text
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(count: usize, width: usize, max_per_row: usize) -> Rows {
        Rows {
            cells: (0..count).map(|i| format!("%f{i}")).collect(),
            width,
            max_per_row,
        }
    }

    #[test]
    fn picks_the_largest_power_of_two_that_fits() {
        // 128 cells of at most 5 columns: 8 per row take 8 * 5 + 16 = 56.
        assert_eq!(rows(128, 100, 0).per_row(9), 8);
        assert_eq!(rows(128, 100, 0).per_row(50), 4);
        assert_eq!(rows(128, 100, 4).per_row(9), 4);
        assert_eq!(rows(128, 100, 6).per_row(9), 6);
        assert_eq!(rows(3, 100, 0).per_row(9), 3);
        assert_eq!(rows(128, 100, 0).per_row(99), 1);
    }

    #[test]
    fn rows_are_padded_into_columns() {
        let texts = rows(12, 100, 0).row_texts(8);
        assert_eq!(
            texts,
            [
                "%f0,  %f1,  %f2,  %f3,  %f4,  %f5,  %f6,  %f7,",
                "%f8,  %f9,  %f10, %f11"
            ]
        );
        let texts = rows(20, 100, 0).row_texts(8);
        assert_eq!(texts[0], "%f0,  %f1,  %f2,  %f3,  %f4,  %f5,  %f6,  %f7,");
        assert_eq!(texts[1], "%f8,  %f9,  %f10, %f11, %f12, %f13, %f14, %f15,");
        assert_eq!(texts[2], "%f16, %f17, %f18, %f19");
    }
}
