//! Go's `fmt` primitive printers: flags, width and precision, padding, and
//! the integer, float, string, quoting and boolean conversions.

use crate::{gofloat, goutf8};

const LDIGITS: &[u8; 17] = b"0123456789abcdefx";
const UDIGITS: &[u8; 17] = b"0123456789ABCDEFX";

/// The state of one `%` directive plus the output buffer (Go's `fmt` and
/// `pp.buf`).
#[derive(Debug, Default)]
pub struct Fmt {
    pub buf: Vec<u8>,
    pub minus: bool,
    pub plus: bool,
    pub sharp: bool,
    pub space: bool,
    pub zero: bool,
    pub plus_v: bool,
    pub sharp_v: bool,
    pub wid: Option<usize>,
    pub prec: Option<usize>,
}

impl Fmt {
    pub fn clear_flags(&mut self) {
        let buf = std::mem::take(&mut self.buf);
        *self = Fmt {
            buf,
            ..Fmt::default()
        };
    }

    pub fn write(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    fn write_padding(&mut self, n: usize) {
        let c = if self.zero { b'0' } else { b' ' };
        self.buf.extend(std::iter::repeat_n(c, n));
    }

    /// Writes `b`, padded to the width (counted in runes).
    pub fn pad(&mut self, b: &[u8]) {
        let Some(wid) = self.wid.filter(|&w| w > 0) else {
            self.write(b);
            return;
        };
        let fill = wid.saturating_sub(goutf8::rune_count(b));
        if self.minus {
            self.write(b);
            self.write_padding(fill);
        } else {
            self.write_padding(fill);
            self.write(b);
        }
    }

    /// `pad` with the zero flag ignored (numbers whose zeros were already
    /// placed, NaN, Inf, `%c`, `%U`).
    fn pad_spaces(&mut self, b: &[u8]) {
        let z = std::mem::replace(&mut self.zero, false);
        self.pad(b);
        self.zero = z;
    }

    pub fn fmt_boolean(&mut self, v: bool) {
        self.pad(if v { b"true" } else { b"false" });
    }

    /// Go's `fmtInteger`: `u` in `base` with sign, precision, `#` prefixes
    /// and `%O`; `upper` picks the hex digit case.
    pub fn fmt_integer(&mut self, u: u64, base: u64, signed: bool, verb: u32, upper: bool) {
        let digits = if upper { UDIGITS } else { LDIGITS };
        let negative = signed && (u as i64) < 0;
        let mut u = if negative { u.wrapping_neg() } else { u };
        let mut prec = 0;
        if let Some(p) = self.prec {
            prec = p;
            if p == 0 && u == 0 {
                let z = std::mem::replace(&mut self.zero, false);
                self.write_padding(self.wid.unwrap_or(0));
                self.zero = z;
                return;
            }
        } else if let (true, Some(w)) = (self.zero, self.wid) {
            prec = w;
            if negative || self.plus || self.space {
                prec = prec.saturating_sub(1);
            }
        }
        let mut out: Vec<u8> = Vec::new(); // reversed
        loop {
            out.push(digits[(u % base) as usize]);
            u /= base;
            if u == 0 {
                break;
            }
        }
        while out.len() < prec {
            out.push(b'0');
        }
        if self.sharp {
            match base {
                2 => out.extend_from_slice(b"b0"),
                8 if out.last() != Some(&b'0') => out.push(b'0'),
                16 => {
                    out.push(digits[16]);
                    out.push(b'0');
                }
                _ => {}
            }
        }
        if verb == u32::from(b'O') {
            out.extend_from_slice(b"o0");
        }
        if negative {
            out.push(b'-');
        } else if self.plus {
            out.push(b'+');
        } else if self.space {
            out.push(b' ');
        }
        out.reverse();
        self.pad_spaces(&out);
    }

    /// Go's `fmtC`: the rune `u` (U+FFFD when invalid).
    pub fn fmt_c(&mut self, u: u64) {
        let r = u32::try_from(u).unwrap_or(goutf8::RUNE_ERROR);
        let mut out = Vec::new();
        goutf8::push_rune(&mut out, r);
        self.pad(&out);
    }

    /// Go's `fmtUnicode`: `U+0041`, with `#` also ` 'A'`.
    pub fn fmt_unicode(&mut self, u: u64) {
        let prec = self.prec.filter(|&p| p > 4).unwrap_or(4);
        let mut out = format!("U+{u:0prec$X}").into_bytes();
        if self.sharp {
            if let Some(r) = u32::try_from(u).ok().filter(|&r| goutf8::is_print(r)) {
                out.extend_from_slice(b" '");
                goutf8::push_rune(&mut out, r);
                out.push(b'\'');
            }
        }
        self.pad_spaces(&out);
    }

    /// Go's `fmt.fmtFloat`: `verb` is one of `e E f g G` (`%v` arrives as
    /// `g`), `default_prec` is -1 for shortest.
    pub fn fmt_float(&mut self, v: f64, verb: u8, default_prec: i32) {
        let prec = self.prec.map_or(default_prec, |p| p as i32);
        let text = gofloat::format(v, verb, prec);
        let mut num: Vec<u8> = text.into_bytes();
        if num[0] != b'-' && num[0] != b'+' {
            num.insert(0, b'+');
        }
        if self.space && num[0] == b'+' && !self.plus {
            num[0] = b' ';
        }
        if num[1] == b'I' || num[1] == b'N' {
            if num[1] == b'N' && !self.space && !self.plus {
                num.remove(0);
            }
            self.pad_spaces(&num);
            return;
        }
        if self.sharp {
            self.sharp_float(&mut num, verb, prec);
        }
        if self.plus || num[0] != b'+' {
            if let (true, Some(w)) = (self.zero, self.wid) {
                if w > num.len() {
                    self.buf.push(num[0]);
                    self.write_padding(w - num.len());
                    self.buf.extend_from_slice(&num[1..]);
                    return;
                }
            }
            self.pad(&num);
            return;
        }
        self.pad(&num[1..]);
    }

    /// The `#` flag on floats: always a decimal point, and `%g` keeps its
    /// trailing zeros up to the precision.
    fn sharp_float(&self, num: &mut Vec<u8>, verb: u8, prec: i32) {
        let mut digits = match verb {
            b'g' | b'G' => {
                if prec == -1 {
                    6
                } else {
                    prec
                }
            }
            _ => 0,
        };
        let mut tail = Vec::new();
        let mut has_point = false;
        let mut saw_nonzero = false;
        let mut i = 1;
        while i < num.len() {
            match num[i] {
                b'.' => has_point = true,
                b'e' | b'E' => {
                    tail = num.split_off(i);
                    break;
                }
                c => {
                    if c != b'0' {
                        saw_nonzero = true;
                    }
                    if saw_nonzero {
                        digits -= 1;
                    }
                }
            }
            i += 1;
        }
        if !has_point {
            if num.len() == 2 && num[1] == b'0' {
                digits -= 1;
            }
            num.push(b'.');
        }
        while digits > 0 {
            num.push(b'0');
            digits -= 1;
        }
        num.extend_from_slice(&tail);
    }

    fn truncate<'a>(&self, s: &'a [u8]) -> &'a [u8] {
        if let Some(p) = self.prec {
            if let Some((at, _, _)) = goutf8::runes(s).nth(p) {
                return &s[..at];
            }
        }
        s
    }

    /// Go's `fmtS`: precision truncates (in runes), then pads.
    pub fn fmt_s(&mut self, s: &[u8]) {
        let s = self.truncate(s);
        self.pad(s);
    }

    /// Go's `fmtSbx`: hex of the bytes, `#` adds 0x, space separates.
    pub fn fmt_sx(&mut self, s: &[u8], upper: bool) {
        let digits = if upper { UDIGITS } else { LDIGITS };
        let length = self.prec.map_or(s.len(), |p| p.min(s.len()));
        let mut width = 2 * length;
        if width == 0 {
            if let Some(w) = self.wid {
                self.write_padding(w);
            }
            return;
        }
        if self.space {
            if self.sharp {
                width *= 2;
            }
            width += length - 1;
        } else if self.sharp {
            width += 2;
        }
        let fill = self.wid.filter(|&w| w > width).map(|w| w - width);
        if let (Some(n), false) = (fill, self.minus) {
            self.write_padding(n);
        }
        if self.sharp {
            self.buf.extend_from_slice(&[b'0', digits[16]]);
        }
        for (i, &c) in s[..length].iter().enumerate() {
            if self.space && i > 0 {
                self.buf.push(b' ');
                if self.sharp {
                    self.buf.extend_from_slice(&[b'0', digits[16]]);
                }
            }
            self.buf.push(digits[usize::from(c >> 4)]);
            self.buf.push(digits[usize::from(c & 0xF)]);
        }
        if let (Some(n), true) = (fill, self.minus) {
            self.write_padding(n);
        }
    }

    /// Go's `fmtQ`: a double-quoted Go string (ASCII-only with `+`), or a
    /// back-quoted raw string with `#` when possible.
    pub fn fmt_q(&mut self, s: &[u8]) {
        let s = self.truncate(s);
        if self.sharp && goutf8::can_backquote(s) {
            let mut q = Vec::with_capacity(s.len() + 2);
            q.push(b'`');
            q.extend_from_slice(s);
            q.push(b'`');
            self.pad(&q);
            return;
        }
        let q = goutf8::quote(s, self.plus);
        self.pad(&q);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut Fmt), run: impl FnOnce(&mut Fmt)) -> String {
        let mut p = Fmt::default();
        f(&mut p);
        run(&mut p);
        String::from_utf8(p.buf).unwrap()
    }

    #[test]
    fn integers() {
        let d = |f: fn(&mut Fmt), v: i64| {
            with(f, |p| p.fmt_integer(v as u64, 10, true, 'd' as u32, false))
        };
        assert_eq!(d(|_| {}, -42), "-42");
        assert_eq!(d(|p| p.wid = Some(5), 42), "   42");
        assert_eq!(
            d(
                |p| {
                    p.wid = Some(5);
                    p.zero = true
                },
                -42
            ),
            "-0042"
        );
        assert_eq!(
            d(
                |p| {
                    p.wid = Some(5);
                    p.minus = true
                },
                42
            ),
            "42   "
        );
        assert_eq!(d(|p| p.prec = Some(4), 42), "0042");
        assert_eq!(
            d(
                |p| {
                    p.prec = Some(0);
                    p.wid = Some(3)
                },
                0
            ),
            "   "
        );
        assert_eq!(d(|p| p.plus = true, 5), "+5");
        assert_eq!(d(|p| p.space = true, 5), " 5");
        let x = with(
            |p| p.sharp = true,
            |p| p.fmt_integer(255, 16, true, 'x' as u32, false),
        );
        assert_eq!(x, "0xff");
        let x = with(
            |p| {
                p.sharp = true;
                p.wid = Some(8);
                p.zero = true
            },
            |p| p.fmt_integer(255, 16, true, 'X' as u32, true),
        );
        assert_eq!(x, "0X000000FF");
        let o = with(
            |p| p.sharp = true,
            |p| p.fmt_integer(8, 8, true, 'o' as u32, false),
        );
        assert_eq!(o, "010");
        let o = with(|_| {}, |p| p.fmt_integer(8, 8, true, 'O' as u32, false));
        assert_eq!(o, "0o10");
        let b = with(
            |p| p.sharp = true,
            |p| p.fmt_integer(5, 2, true, 'b' as u32, false),
        );
        assert_eq!(b, "0b101");
    }

    #[test]
    fn chars_and_unicode() {
        assert_eq!(with(|_| {}, |p| p.fmt_c(0xE9)), "é");
        assert_eq!(with(|_| {}, |p| p.fmt_c(u64::MAX)), "\u{FFFD}");
        assert_eq!(
            with(
                |p| {
                    p.wid = Some(3);
                    p.zero = true
                },
                |p| p.fmt_c(0x41)
            ),
            "00A"
        );
        assert_eq!(with(|_| {}, |p| p.fmt_unicode(0x41)), "U+0041");
        assert_eq!(
            with(|p| p.sharp = true, |p| p.fmt_unicode(0x41)),
            "U+0041 'A'"
        );
        assert_eq!(
            with(|p| p.prec = Some(6), |p| p.fmt_unicode(0x41)),
            "U+000041"
        );
    }

    #[test]
    fn floats() {
        let f =
            |set: fn(&mut Fmt), v: f64, verb: u8, dp: i32| with(set, |p| p.fmt_float(v, verb, dp));
        assert_eq!(f(|_| {}, 1.0 / 3.0, b'g', -1), "0.3333333333333333");
        assert_eq!(
            f(
                |p| {
                    p.wid = Some(5);
                    p.prec = Some(2)
                },
                std::f64::consts::PI,
                b'f',
                6
            ),
            " 3.14"
        );
        assert_eq!(
            f(
                |p| {
                    p.wid = Some(8);
                    p.zero = true
                },
                -3.5,
                b'f',
                6
            ),
            "-3.500000"
        );
        assert_eq!(
            f(
                |p| {
                    p.wid = Some(10);
                    p.zero = true
                },
                -3.5,
                b'f',
                6
            ),
            "-03.500000"
        );
        assert_eq!(
            f(
                |p| {
                    p.wid = Some(6);
                    p.zero = true
                },
                f64::INFINITY,
                b'f',
                6
            ),
            "  +Inf"
        );
        assert_eq!(f(|_| {}, f64::NAN, b'f', 6), "NaN");
        assert_eq!(f(|p| p.plus = true, f64::NAN, b'f', 6), "+NaN");
        assert_eq!(f(|p| p.plus = true, 1.5, b'g', -1), "+1.5");
        assert_eq!(f(|p| p.space = true, 1.5, b'g', -1), " 1.5");
        assert_eq!(f(|p| p.sharp = true, 1.0, b'g', -1), "1.00000");
        assert_eq!(f(|p| p.sharp = true, 1e6, b'g', -1), "1.00000e+06");
        assert_eq!(
            f(
                |p| {
                    p.sharp = true;
                    p.prec = Some(0)
                },
                3.0,
                b'f',
                6
            ),
            "3."
        );
        assert_eq!(
            f(
                |p| {
                    p.sharp = true;
                    p.prec = Some(0)
                },
                3.0,
                b'e',
                6
            ),
            "3.e+00"
        );
    }

    #[test]
    fn strings() {
        assert_eq!(with(|p| p.wid = Some(4), |p| p.fmt_s(b"ab")), "  ab");
        assert_eq!(
            with(
                |p| {
                    p.wid = Some(4);
                    p.zero = true
                },
                |p| p.fmt_s(b"ab")
            ),
            "00ab"
        );
        assert_eq!(
            with(|p| p.prec = Some(2), |p| p.fmt_s("héllo".as_bytes())),
            "hé"
        );
        assert_eq!(
            with(|p| p.wid = Some(3), |p| p.fmt_s("é".as_bytes())),
            "  é"
        );
        assert_eq!(with(|_| {}, |p| p.fmt_sx(b"hi", false)), "6869");
        assert_eq!(
            with(
                |p| {
                    p.sharp = true;
                    p.space = true
                },
                |p| p.fmt_sx(b"hi", true)
            ),
            "0X68 0X69"
        );
        assert_eq!(with(|p| p.sharp = true, |p| p.fmt_q(b"a\"b")), "`a\"b`");
        assert_eq!(
            with(|_| {}, |p| p.fmt_q(b"a\nb\"c\0")),
            "\"a\\nb\\\"c\\x00\""
        );
        assert_eq!(
            with(|p| p.plus = true, |p| p.fmt_q("é".as_bytes())),
            "\"\\u00e9\""
        );
    }
}
