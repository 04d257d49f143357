//! Time zones for `os.time`/`os.date`: UTC, fixed test zones, and the local
//! zone chosen from `TZ` as Go's `time.Local` chooses it, read through libc.

use std::ffi::CStr;
use std::path::Path;
use std::sync::OnceLock;

/// A time zone: the UTC offset (seconds east) and abbreviation in force at
/// a Unix time.
pub trait Zone {
    fn lookup(&self, unix: i64) -> (i32, String);
}

/// Coordinated Universal Time, abbreviated `UTC`.
pub struct Utc;

impl Zone for Utc {
    fn lookup(&self, _: i64) -> (i32, String) {
        (0, "UTC".into())
    }
}

/// A zone with one offset and name (tests, e.g. `JST` at +9 h).
pub struct Fixed {
    pub offset: i32,
    pub name: String,
}

impl Zone for Fixed {
    fn lookup(&self, _: i64) -> (i32, String) {
        (self.offset, self.name.clone())
    }
}

unsafe extern "C" {
    fn tzset();
}

/// The C library's local time (`localtime_r`), which follows `TZ`.
struct System;

impl Zone for System {
    fn lookup(&self, unix: i64) -> (i32, String) {
        static INIT: std::sync::Once = std::sync::Once::new();
        // SAFETY: tzset only reads TZ and the zoneinfo files; the process
        // does not modify TZ.
        INIT.call_once(|| unsafe { tzset() });
        let t = unix as libc::time_t;
        // SAFETY: a zeroed `tm` is a valid output buffer for localtime_r,
        // which is thread-safe; tm_zone points at static zone data.
        unsafe {
            let mut tm: libc::tm = std::mem::zeroed();
            if libc::localtime_r(&t, &mut tm).is_null() {
                return (0, "UTC".into());
            }
            let name = if tm.tm_zone.is_null() {
                String::new()
            } else {
                CStr::from_ptr(tm.tm_zone).to_string_lossy().into_owned()
            };
            (tm.tm_gmtoff as i32, name)
        }
    }
}

/// Go's zoneinfo directories (after `$ZONEINFO`).
const ZONE_DIRS: [&str; 4] = [
    "/usr/share/zoneinfo/",
    "/usr/share/lib/zoneinfo/",
    "/usr/lib/locale/TZ/",
    "/etc/zoneinfo/",
];

/// Whether Go would use the C library's view of `tz` (a loadable zone) or
/// fall back to UTC: `TZ` unset means /etc/localtime, empty or `UTC` means
/// UTC, a name or path must name a zoneinfo file (POSIX rules such as
/// `JST-9` are not supported by Go and give UTC).
fn go_uses_system(tz: Option<&str>) -> bool {
    let Some(tz) = tz else {
        return true;
    };
    let tz = tz.strip_prefix(':').unwrap_or(tz);
    if tz.is_empty() || tz == "UTC" {
        return false;
    }
    if tz.starts_with('/') {
        return Path::new(tz).is_file();
    }
    if tz.contains("..") {
        return false;
    }
    let from_env = std::env::var("ZONEINFO").ok().map(|d| format!("{d}/"));
    from_env
        .iter()
        .map(String::as_str)
        .chain(ZONE_DIRS)
        .any(|dir| Path::new(&format!("{dir}{tz}")).is_file())
}

/// The process's local zone, decided once from `TZ`.
pub fn local() -> &'static dyn Zone {
    static USE_SYSTEM: OnceLock<bool> = OnceLock::new();
    let system = *USE_SYSTEM.get_or_init(|| go_uses_system(std::env::var("TZ").ok().as_deref()));
    if system { &System } else { &Utc }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tz_choice_follows_go() {
        assert!(go_uses_system(None));
        assert!(!go_uses_system(Some("")));
        assert!(!go_uses_system(Some("UTC")));
        assert!(!go_uses_system(Some(":")));
        assert!(!go_uses_system(Some("JST-9")));
        assert!(!go_uses_system(Some("Nowhere/Foo")));
        if Path::new("/usr/share/zoneinfo/Asia/Tokyo").is_file() {
            assert!(go_uses_system(Some("Asia/Tokyo")));
            assert!(go_uses_system(Some(":Asia/Tokyo")));
            assert!(go_uses_system(Some("/usr/share/zoneinfo/Asia/Tokyo")));
        }
    }

    #[test]
    fn local_zone_answers() {
        let (offset, name) = local().lookup(1_700_000_000);
        assert!(offset.abs() <= 14 * 3600);
        assert!(!name.is_empty());
        assert_eq!(Utc.lookup(0), (0, "UTC".to_string()));
    }
}
