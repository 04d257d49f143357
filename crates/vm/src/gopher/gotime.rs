//! `os.time` and `os.date` as Karmada's gopher-lua has them: Go's
//! `time.Date` normalization, Go-layout conversions, and their quirks.

use kinterp_go::calendar::days_from_civil;
use std::rc::Rc;
use std::time::{SystemTime, UNIX_EPOCH};

use mlua::{Lua, MultiValue, Table, Value};

use crate::goargs::{self, arg};
use crate::gozone::{self, Utc, Zone};
use crate::raise::{self, Raise};

/// A moment broken down in a zone.
#[derive(Debug, Clone, PartialEq)]
pub struct Civil {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub min: i64,
    pub sec: i64,
    /// Sunday = 0.
    pub wday: i64,
    pub offset: i32,
    pub abbrev: String,
}

/// `unix` seen in `zone` (like Go's `time.Unix(unix, 0).In(zone)`), with
/// Go's calendar arithmetic: unsigned seconds since its absolute zero
/// (March 1 of year -292277022399), wrapping for the times near the int64
/// limits that gopher's `os.date` gets from out-of-range numbers.
pub fn to_civil(unix: i64, zone: &dyn Zone) -> Civil {
    // Go's unixToInternal + internalToAbsolute.
    const UNIX_TO_ABSOLUTE: u64 = 9_223_372_028_741_760_000;
    const ABSOLUTE_YEARS: u64 = 292_277_022_400;
    const MARCH_THRU_DECEMBER: u32 = 306;
    let (offset, abbrev) = zone.lookup(unix);
    let abs = (unix.wrapping_add(i64::from(offset)) as u64).wrapping_add(UNIX_TO_ABSOLUTE);
    let days = abs / 86_400;
    let secs = (abs % 86_400) as i64;
    // Neri-Schneider: century, year of century, day of the March-based year.
    let d = days.wrapping_mul(4).wrapping_add(3);
    let century = d / 146_097;
    let cd = (d % 146_097) as u32 | 3;
    let prod = u64::from(cd) * 2_939_745;
    let (cyear, ayday) = ((prod >> 32) as i64, (prod as u32) / 2_939_745 / 4);
    let md = 2141 * ayday + 197_913;
    let jan_feb = i64::from(ayday >= MARCH_THRU_DECEMBER);
    Civil {
        year: (century.wrapping_mul(100).wrapping_sub(ABSOLUTE_YEARS) as i64)
            .wrapping_add(cyear)
            .wrapping_add(jan_feb),
        month: i64::from(md >> 16) - jan_feb * 12,
        day: 1 + i64::from((md & 0xffff) / 2141),
        hour: secs / 3600,
        min: secs / 60 % 60,
        sec: secs % 60,
        // March 1 of the absolute year was a Wednesday.
        wday: ((days % 7 + 3) % 7) as i64,
        offset,
        abbrev,
    }
}

/// Go's `norm`: moves whole multiples of `base` from `lo` into `hi`.
fn norm(hi: i128, lo: i128, base: i128) -> (i128, i128) {
    (hi + lo.div_euclid(base), lo.rem_euclid(base))
}

/// Go's `time.Date(year, month, day, hour, min, sec, 0, zone).Unix()`:
/// out-of-range fields roll over, and the zone offset is found the way Go
/// finds it (which decides DST gaps and overlaps).
pub fn date_to_unix(
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    min: i64,
    sec: i64,
    zone: &dyn Zone,
) -> i64 {
    let (year, m) = norm(year.into(), i128::from(month) - 1, 12);
    let (min, sec) = norm(min.into(), sec.into(), 60);
    let (hour, min) = norm(hour.into(), min, 60);
    let (day, hour) = norm(day.into(), hour, 24);
    let days = days_from_civil(year, m + 1, 1) + day - 1;
    let unix = (days * 86_400 + hour * 3600 + min * 60 + sec) as i64;
    let (first, _) = zone.lookup(unix);
    let (offset, _) = zone.lookup(unix.wrapping_sub(first.into()));
    unix.wrapping_sub(offset.into())
}

const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Go's `appendInt`: sign, then at least `width` digits.
fn push_int(out: &mut Vec<u8>, x: i64, width: usize) {
    if x < 0 {
        out.push(b'-');
    }
    let digits = x.unsigned_abs().to_string();
    out.extend(std::iter::repeat_n(
        b'0',
        width.saturating_sub(digits.len()),
    ));
    out.extend_from_slice(digits.as_bytes());
}

/// Go's `-0700` layout element.
fn push_numeric_zone(out: &mut Vec<u8>, offset: i32) {
    let mut zone = offset / 60;
    if zone < 0 {
        out.push(b'-');
        zone = -zone;
    } else {
        out.push(b'+');
    }
    push_int(out, i64::from(zone / 60), 2);
    push_int(out, i64::from(zone % 60), 2);
}

fn push_zone_name(out: &mut Vec<u8>, c: &Civil) {
    if c.abbrev.is_empty() {
        push_numeric_zone(out, c.offset);
    } else {
        out.extend_from_slice(c.abbrev.as_bytes());
    }
}

fn month_name(c: &Civil) -> &'static str {
    MONTHS[(c.month - 1).clamp(0, 11) as usize]
}

/// One `%X` conversion; false for letters gopher does not know.
fn convert(out: &mut Vec<u8>, c: &Civil, conv: u8) -> bool {
    let hour12 = if c.hour % 12 == 0 { 12 } else { c.hour % 12 };
    match conv {
        b'a' => out.extend_from_slice(b"mon"),
        b'A' => out.extend_from_slice(WEEKDAYS[c.wday as usize].as_bytes()),
        b'b' => out.extend_from_slice(&month_name(c).as_bytes()[..3]),
        b'B' => out.extend_from_slice(month_name(c).as_bytes()),
        b'c' => {
            push_int(out, c.day, 2);
            out.push(b' ');
            out.extend_from_slice(&month_name(c).as_bytes()[..3]);
            out.push(b' ');
            push_int(out, c.year.abs() % 100, 2);
            out.push(b' ');
            push_int(out, c.hour, 2);
            out.push(b':');
            push_int(out, c.min, 2);
            out.push(b' ');
            push_zone_name(out, c);
        }
        b'd' => push_int(out, c.day, 2),
        b'F' => {
            push_int(out, c.year, 4);
            out.push(b'-');
            push_int(out, c.month, 2);
            out.push(b'-');
            push_int(out, c.day, 2);
        }
        b'H' => push_int(out, c.hour, 2),
        b'I' => push_int(out, hour12, 2),
        b'm' => push_int(out, c.month, 2),
        b'M' => push_int(out, c.min, 2),
        b'p' => out.extend_from_slice(if c.hour >= 12 { b"PM" } else { b"AM" }),
        b'P' => out.extend_from_slice(if c.hour >= 12 { b"pm" } else { b"am" }),
        b'S' => push_int(out, c.sec, 2),
        b'w' => push_int(out, c.wday, 0),
        b'x' | b'X' => {
            let sep = if conv == b'x' { b'/' } else { b':' };
            push_int(out, c.hour, 2);
            out.push(sep);
            push_int(out, c.min, 2);
            out.push(sep);
            push_int(out, c.sec, 2);
        }
        b'y' => push_int(out, c.year.abs() % 100, 2),
        b'Y' => push_int(out, c.year, 4),
        b'z' => push_numeric_zone(out, c.offset),
        b'Z' => push_zone_name(out, c),
        _ => return false,
    }
    true
}

/// gopher's `strftime`: `%%` is `%`, a `%` at the very end stays, unknown
/// conversions are copied with their `%`.
pub fn strftime(c: &Civil, fmt: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(fmt.len() + 16);
    let n = fmt.len();
    let mut i = 0;
    let mut flag = false;
    while i < n {
        let ch = fmt[i];
        if ch == b'%' {
            if i + 1 < n && fmt[i + 1] == b'%' {
                flag = false;
                out.push(b'%');
                i += 2;
                continue;
            }
            if i + 1 != n {
                flag = true;
                i += 1;
                continue;
            }
        }
        if flag {
            if !convert(&mut out, c, ch) {
                out.push(b'%');
                out.push(ch);
            }
            flag = false;
        } else {
            out.push(ch);
        }
        i += 1;
    }
    out
}

fn now() -> i64 {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    }
}

fn one(v: Value) -> MultiValue {
    MultiValue::from_vec(vec![v])
}

/// Installs `os.time` and `os.date` (local zone from `TZ`) into `os`.
pub fn install(lua: &Lua, os: &Table) -> mlua::Result<()> {
    struct Local;
    impl Zone for Local {
        fn lookup(&self, unix: i64) -> (i32, String) {
            gozone::local().lookup(unix)
        }
    }
    install_with_zone(lua, os, Rc::new(Local))
}

/// Installs `os.time` and `os.date` with `zone` as the local zone.
pub fn install_with_zone(lua: &Lua, os: &Table, zone: Rc<dyn Zone>) -> mlua::Result<()> {
    let z = zone.clone();
    let time = raise::function(lua, move |lua, args| {
        if args.is_empty() {
            return Ok(one(Value::Number(now() as f64)));
        }
        let t = match arg(&args, 1) {
            Value::Nil => return Ok(one(Value::Number(now() as f64))),
            Value::Table(t) => t,
            v => return Err(Raise::bad_argument(lua, 1, "table", &v)),
        };
        let field = |key: &str, default: i64| -> Result<i64, Raise> {
            let v: Value = t.raw_get(key)?;
            Ok(goargs::number(&v).map_or(default, crate::gonum::go_int64))
        };
        let unix = date_to_unix(
            field("year", -1)?,
            field("month", -1)?,
            field("day", -1)?,
            field("hour", 12)?,
            field("min", 0)?,
            field("sec", 0)?,
            z.as_ref(),
        );
        Ok(one(Value::Number(unix as f64)))
    })?;
    let date = raise::function(lua, move |lua, args| {
        let mut fmt: Vec<u8> = b"%c".to_vec();
        let mut utc = false;
        let mut t = now();
        if !args.is_empty() {
            fmt = goargs::check_string(lua, &args, 1)?.as_bytes().to_vec();
            if fmt.first() == Some(&b'!') {
                let bangs = fmt.iter().take_while(|&&c| c == b'!').count();
                fmt.drain(..bangs);
                utc = true;
            }
            if args.len() >= 2 {
                // Karmada's bug: an explicit time is always local.
                t = goargs::check_int(lua, &args, 2)?;
                utc = false;
            }
        }
        let c = if utc {
            to_civil(t, &Utc)
        } else {
            to_civil(t, zone.as_ref())
        };
        if fmt.starts_with(b"*t") {
            let tbl = lua.create_table()?;
            for (k, v) in [
                ("year", c.year),
                ("month", c.month),
                ("day", c.day),
                ("hour", c.hour),
                ("min", c.min),
                ("sec", c.sec),
                ("wday", c.wday + 1),
                ("yday", 0),
            ] {
                tbl.raw_set(k, v as f64)?;
            }
            tbl.raw_set("isdst", false)?;
            return Ok(one(Value::Table(tbl)));
        }
        Ok(one(Value::String(lua.create_string(strftime(&c, &fmt))?)))
    })?;
    os.raw_set("time", time)?;
    os.raw_set("date", date)
}

#[cfg(test)]
#[path = "gotime_tests.rs"]
mod tests;
