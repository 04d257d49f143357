//! `metav1.Time`: RFC 3339 parsing as Go's `time.Parse`,
//! full-precision canonical text, and printing in UTC with second precision.

use kinterp_go::calendar::{self, civil_from_days};
use std::time::{SystemTime, UNIX_EPOCH};

/// An instant: seconds since the Unix epoch and nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Instant {
    pub secs: i64,
    pub nanos: u32,
}

const LAYOUT: &str = "2006-01-02T15:04:05Z07:00";
/// Unix seconds of Go's zero time, 0001-01-01T00:00:00Z.
const ZERO_SECS: i64 = -62_135_596_800;

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    calendar::days_from_civil(y.into(), m.into(), d.into()) as i64
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn digits(s: &[u8], at: usize, n: usize) -> Option<i64> {
    let part = s.get(at..at + n)?;
    if !part.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(part.iter().fold(0, |acc, c| acc * 10 + i64::from(c - b'0')))
}

impl Instant {
    /// Parses RFC 3339 text as `time.Parse(time.RFC3339, text)` does
    /// (fractional seconds and numeric offsets allowed).
    pub fn parse(text: &str) -> Result<Instant, String> {
        let err = |what: &str| format!("parsing time \"{text}\" as \"{LAYOUT}\": {what}");
        let b = text.as_bytes();
        let syntax = || err(&format!("cannot parse \"{text}\" as \"2006\""));
        let (Some(year), Some(month), Some(day)) =
            (digits(b, 0, 4), digits(b, 5, 2), digits(b, 8, 2))
        else {
            return Err(syntax());
        };
        let (Some(hour), Some(min), Some(sec)) =
            (digits(b, 11, 2), digits(b, 14, 2), digits(b, 17, 2))
        else {
            return Err(syntax());
        };
        if b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' {
            return Err(syntax());
        }
        let mut at = 19;
        let mut nanos: i64 = 0;
        if matches!(b.get(at), Some(b'.') | Some(b',')) {
            let start = at + 1;
            at = start;
            while b.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
            if at == start {
                return Err(syntax());
            }
            for i in 0..9 {
                let d = if start + i < at {
                    i64::from(b[start + i] - b'0')
                } else {
                    0
                };
                nanos = nanos * 10 + d;
            }
        }
        let offset = match b.get(at) {
            Some(b'Z') if at + 1 == b.len() => 0,
            Some(sign @ (b'+' | b'-')) if at + 6 == b.len() && b[at + 3] == b':' => {
                let (Some(oh), Some(om)) = (digits(b, at + 1, 2), digits(b, at + 4, 2)) else {
                    return Err(syntax());
                };
                if oh >= 24 || om >= 60 {
                    return Err(err("time zone offset out of range"));
                }
                let off = oh * 3600 + om * 60;
                if *sign == b'-' { -off } else { off }
            }
            _ => return Err(syntax()),
        };
        if !(1..=12).contains(&month) {
            return Err(err("month out of range"));
        }
        if day < 1 || day > days_in_month(year, month) {
            return Err(err("day out of range"));
        }
        if hour >= 24 {
            return Err(err("hour out of range"));
        }
        if min >= 60 {
            return Err(err("minute out of range"));
        }
        if sec >= 60 {
            return Err(err("second out of range"));
        }
        let secs =
            days_from_civil(year, month, day) * 86_400 + hour * 3600 + min * 60 + sec - offset;
        Ok(Instant {
            secs,
            nanos: nanos as u32,
        })
    }

    /// The wall clock now.
    pub fn now() -> Instant {
        let d = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        Instant {
            secs: d.as_secs() as i64,
            nanos: d.subsec_nanos(),
        }
    }

    /// Go's zero time, which `metav1.Time` prints as `null`.
    pub fn is_zero(self) -> bool {
        self.secs == ZERO_SECS && self.nanos == 0
    }

    fn date_time(self) -> String {
        let days = self.secs.div_euclid(86_400);
        let rem = self.secs.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
            rem / 3600,
            rem % 3600 / 60,
            rem % 60
        )
    }

    /// Full-precision UTC text (`...:05.123456789Z`), order-preserving; the
    /// typed view keeps times in this form.
    pub fn precise(self) -> String {
        format!("{}.{:09}Z", self.date_time(), self.nanos)
    }

    /// The printed form: UTC, fractional seconds truncated.
    pub fn printed(self) -> String {
        format!("{}Z", self.date_time())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let t = Instant::parse("2024-01-01T00:00:00.5+01:00").unwrap();
        assert_eq!(t.printed(), "2023-12-31T23:00:00Z");
        assert_eq!(t.precise(), "2023-12-31T23:00:00.500000000Z");
        assert_eq!(
            Instant::parse("2024-05-01T10:00:00Z").unwrap().printed(),
            "2024-05-01T10:00:00Z"
        );
        assert_eq!(Instant::parse("1970-01-01T00:00:00Z").unwrap().secs, 0);
        assert!(Instant::parse("0001-01-01T00:00:00Z").unwrap().is_zero());
        assert!(Instant::parse("2024-02-30T00:00:00Z").is_err());
        assert!(Instant::parse("2024-05-01 10:00:00Z").is_err());
        assert!(Instant::parse("x").is_err());
        assert!(Instant::parse("2024-05-01T10:00:00").is_err());
        let a = Instant::parse("2024-05-01T10:00:00.1Z").unwrap();
        let b = Instant::parse("2024-05-01T10:00:00.01Z").unwrap();
        assert!(a > b);
        assert!(a.precise() > b.precise());
    }
}
