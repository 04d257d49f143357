//! Tests of `os.time`/`os.date` (gopher-lua's, on Go's `time`). Expected values come from Go
//! 1.19 (`time.Format`, `time.Date`) with the same zones.

use std::path::Path;

use super::*;
use crate::gotest;
use crate::gozone::Fixed;

fn jst() -> Fixed {
    Fixed {
        offset: 9 * 3600,
        name: "JST".into(),
    }
}

/// America/New_York under the US rules in force since 2007.
struct Eastern;

impl Zone for Eastern {
    fn lookup(&self, unix: i64) -> (i32, String) {
        let year = to_civil(unix, &Utc).year;
        let first_sunday = |month: i128| {
            let d = days_from_civil(year.into(), month, 1) as i64;
            d + (7 - (d + 4).rem_euclid(7)) % 7
        };
        let start = (first_sunday(3) + 7) * 86_400 + 7 * 3600;
        let end = first_sunday(11) * 86_400 + 6 * 3600;
        if (start..end).contains(&unix) {
            (-4 * 3600, "EDT".into())
        } else {
            (-5 * 3600, "EST".into())
        }
    }
}

/// `%a … %Z` joined by `|`, then `%w`, as the Go oracle printed them.
fn all_conversions(unix: i64, zone: &dyn Zone) -> String {
    let c = to_civil(unix, zone);
    let s = strftime(
        &c,
        b"%a|%A|%b|%B|%c|%d|%F|%H|%I|%m|%M|%p|%P|%S|%x|%X|%y|%Y|%z|%Z|%w",
    );
    String::from_utf8(s).unwrap()
}

#[test]
fn conversions_match_go() {
    let rows: &[(&dyn Zone, i64, &str)] = &[
        (
            &Utc,
            0,
            "mon|Thursday|Jan|January|01 Jan 70 00:00 UTC|01|1970-01-01|00|12|01|00|AM|am|00|00/00/00|00:00:00|70|1970|+0000|UTC|4",
        ),
        (
            &Utc,
            1_700_000_000,
            "mon|Tuesday|Nov|November|14 Nov 23 22:13 UTC|14|2023-11-14|22|10|11|13|PM|pm|20|22/13/20|22:13:20|23|2023|+0000|UTC|2",
        ),
        (
            &Utc,
            -3_153_600_000,
            "mon|Tuesday|Jan|January|25 Jan 70 00:00 UTC|25|1870-01-25|00|12|01|00|AM|am|00|00/00/00|00:00:00|70|1870|+0000|UTC|2",
        ),
        (
            &Utc,
            951_782_400,
            "mon|Tuesday|Feb|February|29 Feb 00 00:00 UTC|29|2000-02-29|00|12|02|00|AM|am|00|00/00/00|00:00:00|00|2000|+0000|UTC|2",
        ),
        (
            &jst(),
            0,
            "mon|Thursday|Jan|January|01 Jan 70 09:00 JST|01|1970-01-01|09|09|01|00|AM|am|00|09/00/00|09:00:00|70|1970|+0900|JST|4",
        ),
        (
            &jst(),
            1_700_000_000,
            "mon|Wednesday|Nov|November|15 Nov 23 07:13 JST|15|2023-11-15|07|07|11|13|AM|am|20|07/13/20|07:13:20|23|2023|+0900|JST|3",
        ),
        (
            &jst(),
            1_678_604_400,
            "mon|Sunday|Mar|March|12 Mar 23 16:00 JST|12|2023-03-12|16|04|03|00|PM|pm|00|16/00/00|16:00:00|23|2023|+0900|JST|0",
        ),
        (
            &Eastern,
            0,
            "mon|Wednesday|Dec|December|31 Dec 69 19:00 EST|31|1969-12-31|19|07|12|00|PM|pm|00|19/00/00|19:00:00|69|1969|-0500|EST|3",
        ),
        (
            &Eastern,
            1_700_000_000,
            "mon|Tuesday|Nov|November|14 Nov 23 17:13 EST|14|2023-11-14|17|05|11|13|PM|pm|20|17/13/20|17:13:20|23|2023|-0500|EST|2",
        ),
        (
            &Eastern,
            1_678_604_400,
            "mon|Sunday|Mar|March|12 Mar 23 03:00 EDT|12|2023-03-12|03|03|03|00|AM|am|00|03/00/00|03:00:00|23|2023|-0400|EDT|0",
        ),
        (
            &Eastern,
            1_699_164_000,
            "mon|Sunday|Nov|November|05 Nov 23 01:00 EST|05|2023-11-05|01|01|11|00|AM|am|00|01/00/00|01:00:00|23|2023|-0500|EST|0",
        ),
        (
            &Eastern,
            951_782_400,
            "mon|Monday|Feb|February|28 Feb 00 19:00 EST|28|2000-02-28|19|07|02|00|PM|pm|00|19/00/00|19:00:00|00|2000|-0500|EST|1",
        ),
    ];
    for (zone, unix, want) in rows {
        assert_eq!(all_conversions(*unix, *zone), *want, "{unix}");
    }
}

#[test]
fn strftime_scanner_quirks() {
    let c = to_civil(1_700_000_000, &Utc);
    let f = |s: &[u8]| String::from_utf8_lossy(&strftime(&c, s)).into_owned();
    assert_eq!(f(b"%j %e %D %T %U %n %t"), "%j %e %D %T %U %n %t");
    assert_eq!(f(b"100%% %Y%"), "100% 2023%");
    assert_eq!(f(b"%%%"), "%%");
    assert_eq!(f(b"%"), "%");
    assert_eq!(f(b""), "");
    assert_eq!(f(b"%%Y"), "%Y");
    assert_eq!(f(b"a%\xffb"), "a%\u{FFFD}b");
    let neg = to_civil(-62_198_755_200, &Utc); // year -1
    assert_eq!(
        String::from_utf8(strftime(&neg, b"%Y %y %F")).unwrap(),
        "-0001 01 -0001-01-01"
    );
    let neg = to_civil(-65_354_428_800, &Utc);
    assert_eq!(
        String::from_utf8(strftime(&neg, b"%Y %y %b %d")).unwrap(),
        "-0101 01 Jan 01"
    );
    let empty = Civil {
        abbrev: String::new(),
        offset: -(5 * 3600 + 30 * 60),
        ..c
    };
    assert_eq!(
        String::from_utf8(strftime(&empty, b"%Z %z")).unwrap(),
        "-0530 -0530"
    );
}

#[test]
fn go_date_normalization() {
    type Row = (i64, i64, i64, i64, i64, i64, i64);
    let tokyo: &[Row] = &[
        (1970, 1, 1, 9, 0, 0, 0),
        (2020, 13, 1, 12, 0, 0, 1_609_470_000),
        (2020, -1, -1, 12, 0, 0, 1_572_404_400),
        (2023, 2, 30, 25, 61, -1, 1_677_776_459),
        (2024, 0, 0, 0, 0, 0, 1_701_270_000),
        (2000, 1, 1, 12, 0, 100_000, 946_795_600),
    ];
    let eastern: &[Row] = &[
        (1970, 1, 1, 9, 0, 0, 50_400),
        (2020, 13, 1, 12, 0, 0, 1_609_520_400),
        (2020, -1, -1, 12, 0, 0, 1_572_451_200),
        (2023, 3, 12, 2, 30, 0, 1_678_602_600), // in the spring-forward gap
        (2023, 11, 5, 1, 30, 0, 1_699_162_200), // in the fall-back overlap
        (2023, 2, 30, 25, 61, -1, 1_677_826_859),
        (2024, 0, 0, 0, 0, 0, 1_701_320_400),
    ];
    let utc: &[Row] = &[
        (-1, -1, -1, 12, 0, 0, -62_204_155_200),
        (2023, 3, 12, 2, 30, 0, 1_678_588_200),
        (2000, 1, 1, 12, 0, 100_000, 946_828_000),
    ];
    let zones: [(&dyn Zone, &[Row]); 3] = [(&jst(), tokyo), (&Eastern, eastern), (&Utc, utc)];
    for (zone, rows) in zones {
        for &(y, mo, d, h, mi, s, want) in rows {
            assert_eq!(
                date_to_unix(y, mo, d, h, mi, s, zone),
                want,
                "{y}-{mo}-{d} {h}:{mi}:{s}"
            );
        }
    }
    // Absurd fields do not panic.
    let _ = date_to_unix(
        i64::MIN,
        i64::MAX,
        i64::MIN,
        i64::MAX,
        i64::MIN,
        i64::MAX,
        &Utc,
    );
}

fn tokyo_lua() -> Lua {
    let lua = gotest::lua();
    let os: Table = lua.globals().get("os").unwrap();
    install_with_zone(&lua, &os, Rc::new(jst())).unwrap();
    lua
}

#[test]
fn os_time_in_lua() {
    let lua = tokyo_lua();
    let t = |code: &str| gotest::eval(&lua, code);
    assert_eq!(
        t("return os.time({year=1970,month=1,day=1,hour=9})"),
        "Integer(0)"
    );
    assert_eq!(
        t("return os.time({year=2020,month=13,day=1})"),
        "Integer(1609470000)"
    );
    // Strings are ignored (defaults used), fractions truncated, isdst ignored.
    assert_eq!(
        t("return os.time({year=1970,month=1,day=1,hour='10',min=0.9,isdst=true})"),
        "Integer(10800)"
    );
    // Absent day/month/year are -1.
    assert_eq!(t("return os.time({})"), "Integer(-62204187600)");
    let now = t("return os.time() - os.time(nil)");
    assert!(now == "Integer(0)" || now == "Integer(-1)", "{now}");
    assert_eq!(
        gotest::error(&lua, "\nos.time('x')"),
        "<string>:2: bad argument #1 to time (table expected, got string)"
    );
}

#[test]
fn os_date_in_lua() {
    let lua = tokyo_lua();
    let t = |code: &str| gotest::eval(&lua, code);
    assert_eq!(
        t("return os.date('%Y-%m-%d %H:%M:%S', 0)"),
        "1970-01-01 09:00:00"
    );
    // Karmada's bug: `!` is ignored when a time is given.
    assert_eq!(t("return os.date('!%H', 0)"), "09");
    assert_eq!(t("return os.date('!!%H %Z', 0)"), "09 JST");
    assert_eq!(t("return os.date('%c', 1700000000)"), "15 Nov 23 07:13 JST");
    assert_eq!(t("return os.date('%H', 3600.9)"), "10");
    assert_eq!(t("return os.date(5, 0)"), "5");
    // Without a time, `!` selects UTC.
    assert_eq!(t("return os.date('!%Z')"), "UTC");
    assert_eq!(t("return os.date('%Z')"), "JST");
    assert_eq!(
        t("return #os.date()"),
        format!("Integer({})", "15 Nov 23 07:13 JST".len())
    );
    assert_eq!(
        t("local d = os.date('*t', 1700000000)\n\
           return table.concat({d.year, d.month, d.day, d.hour, d.min, d.sec, d.wday, d.yday, tostring(d.isdst)}, ',')"),
        "2023,11,15,7,13,20,4,0,false"
    );
    assert_eq!(t("return os.date('*tx', 0).hour"), "Integer(9)");
    assert_eq!(t("return os.date('!*t').isdst"), "Boolean(false)");
    assert_eq!(
        gotest::error(&lua, "\nos.date('%H', '0')"),
        "<string>:2: bad argument #2 to date (number expected, got string)"
    );
    assert_eq!(
        gotest::error(&lua, "\nos.date('%H', nil)"),
        "<string>:2: bad argument #2 to date (number expected, got nil)"
    );
    assert_eq!(
        gotest::error(&lua, "\nos.date(nil)"),
        "<string>:2: bad argument #1 to date (string expected, got nil)"
    );
}

/// Runs in a child process with `TZ` set (see `local_zone_from_tz`).
#[test]
#[ignore = "run by local_zone_from_tz in a child process"]
fn tz_probe() {
    let Ok(tz) = std::env::var("KINTERP_TZ_PROBE") else {
        return;
    };
    let zone = gozone::local();
    match tz.as_str() {
        "Asia/Tokyo" => {
            assert_eq!(all_conversions(0, zone), all_conversions(0, &jst()));
            assert_eq!(date_to_unix(2020, 13, 1, 12, 0, 0, zone), 1_609_470_000);
            assert_eq!(date_to_unix(-1, -1, -1, 12, 0, 0, zone), -62_204_188_739); // LMT
            let lmt = all_conversions(-3_153_600_000, zone);
            assert!(lmt.contains("09:18:59|70|1870|+0918|LMT"), "{lmt}");
        }
        "America/New_York" => {
            for unix in [
                0,
                1_700_000_000,
                1_678_604_400,
                1_699_164_000,
                1_699_167_600,
            ] {
                assert_eq!(all_conversions(unix, zone), all_conversions(unix, &Eastern));
            }
            assert_eq!(date_to_unix(2023, 3, 12, 2, 30, 0, zone), 1_678_602_600);
            assert_eq!(date_to_unix(2023, 11, 5, 1, 30, 0, zone), 1_699_162_200);
        }
        _ => assert_eq!(zone.lookup(1_700_000_000), (0, "UTC".to_string()), "{tz}"),
    }
}

#[test]
fn local_zone_from_tz() {
    if !Path::new("/usr/share/zoneinfo/Asia/Tokyo").is_file() {
        return;
    }
    let exe = std::env::current_exe().unwrap();
    for tz in ["Asia/Tokyo", "America/New_York", "JST-9", "", "Nowhere/Foo"] {
        let out = std::process::Command::new(&exe)
            .args([
                "--ignored",
                "--exact",
                "gopher::gotime::tests::tz_probe",
                "--test-threads=1",
            ])
            .env("TZ", tz)
            .env("KINTERP_TZ_PROBE", tz)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("1 passed"),
            "TZ={tz}: {text}"
        );
    }
}
