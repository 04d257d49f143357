//! A reproduction of the Go tab writer setup karmadactl's `--check` uses:
//! min width 6, padding 3, spaces, widths remembered across flushes.

/// Buffers cell-terminated lines and aligns them at each cell-less line.
#[derive(Default)]
pub struct TabWriter {
    out: String,
    pending: Vec<(Vec<String>, String)>,
    remembered: Vec<usize>,
}

const MIN_WIDTH: usize = 6;
/// Padding, taken a slice at a time.
const SPACES: &str = "                                ";
const PADDING: usize = 3;

impl TabWriter {
    /// Writes one line: `cells` are tab-terminated, `tail` is the rest.
    /// Like Go's writer, a tab or vertical tab inside the text ends a cell
    /// there, and a line break inside it starts a new line.
    pub fn line(&mut self, cells: &[&str], tail: &str) {
        let plain = |s: &str| {
            !s.bytes()
                .any(|b| matches!(b, b'\t' | b'\x0b' | b'\x0c' | b'\n'))
        };
        if plain(tail) && cells.iter().all(|c| plain(c)) {
            return self.cells(cells, tail);
        }
        let mut text = String::new();
        for cell in cells {
            text.push_str(cell);
            text.push('\t');
        }
        text.push_str(tail);
        let text = text.replace('\x0c', "\n");
        for line in text.split('\n') {
            let mut parts: Vec<&str> = line.split(['\t', '\x0b']).collect();
            let tail = parts.pop().unwrap_or_default();
            self.cells(&parts, tail);
        }
    }

    fn cells(&mut self, cells: &[&str], tail: &str) {
        if cells.is_empty() {
            self.flush();
            self.out.push_str(tail);
            self.out.push('\n');
        } else {
            self.pending.push((
                cells.iter().map(|c| c.to_string()).collect(),
                tail.to_string(),
            ));
        }
    }

    fn flush(&mut self) {
        let lines = std::mem::take(&mut self.pending);
        if lines.is_empty() {
            return;
        }
        let ncols = lines.iter().map(|(c, _)| c.len()).max().unwrap_or(0);
        if self.remembered.len() < ncols {
            self.remembered.resize(ncols, 0);
        }
        // Each line's column widths, in one vector (`ncols` per line).
        let mut widths = vec![0usize; ncols * lines.len()];
        for col in 0..ncols {
            let mut i = 0;
            while i < lines.len() {
                if lines[i].0.len() <= col {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < lines.len() && lines[i].0.len() > col {
                    i += 1;
                }
                let widest = lines[start..i]
                    .iter()
                    .map(|(c, _)| c[col].chars().count())
                    .max()
                    .unwrap_or(0);
                let w = MIN_WIDTH.max(widest + PADDING).max(self.remembered[col]);
                self.remembered[col] = w;
                for row in start..i {
                    widths[row * ncols + col] = w;
                }
            }
        }
        for (row, (cells, tail)) in lines.iter().enumerate() {
            for (col, cell) in cells.iter().enumerate() {
                self.out.push_str(cell);
                let mut pad = widths[row * ncols + col].saturating_sub(cell.chars().count());
                while pad > 0 {
                    let n = pad.min(SPACES.len());
                    self.out.push_str(&SPACES[..n]);
                    pad -= n;
                }
            }
            self.out.push_str(tail);
            self.out.push('\n');
        }
    }

    /// Flushes and returns everything written.
    pub fn finish(mut self) -> String {
        self.flush();
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::TabWriter;

    fn table(lines: &[(&[&str], &str)]) -> String {
        let mut w = TabWriter::default();
        for (cells, tail) in lines {
            w.line(cells, tail);
        }
        w.finish()
    }

    #[test]
    fn tabs_and_breaks_inside_text_split_cells_and_lines() {
        // Plain cells go straight to the table; text with tabs or line
        // breaks is split first, to the same cells.
        let split = table(&[(&["a"], "x\ty"), (&["bbbb\tc"], ""), (&[], "z\nw\x0cv")]);
        let plain = table(&[
            (&["a", "x"], "y"),
            (&["bbbb", "c"], ""),
            (&[], "z"),
            (&[], "w"),
            (&[], "v"),
        ]);
        assert_eq!(split, plain);
        // Column widths: at least 6, else the widest cell plus 3.
        assert_eq!(split, "a      x     y\nbbbb   c     \nz\nw\nv\n");
    }
}
