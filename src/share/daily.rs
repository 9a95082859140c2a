//! The daily challenge: one deal per calendar day (UTC), the same for everyone. The date alone
//! decides the seed, the character, the side and the difficulty, so no server is needed.

use crate::content::cards::Character;
use crate::content::CardDb;
use crate::engine::{Difficulty, Setup};

/// Days since 1970-01-01 of a `YYYY-MM-DD` date; `None` if it is not a real day.
pub fn days_from_date(s: &str) -> Option<i64> {
    let mut it = s.split('-');
    let (y, m, d) = (it.next()?, it.next()?, it.next()?);
    if it.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (i64, i64, i64) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    if !(1..=12).contains(&m) || d < 1 {
        return None;
    }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let len = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if d > len[(m - 1) as usize] {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The `YYYY-MM-DD` UTC date of a moment given in milliseconds since the epoch (`Date.now()`).
pub fn utc_date(millis: f64) -> String {
    let days = (millis / 86_400_000.0).floor() as i64;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}-{m:02}-{d:02}")
}

/// The deal of a day: a Normal game; the character and side rotate day by day.
pub fn daily_setup(date: &str, db: &CardDb) -> Option<Setup> {
    daily_setup_of(date, &db.characters)
}

/// [`daily_setup`] from the box's characters alone (all the title screen's module holds).
pub fn daily_setup_of(date: &str, characters: &[Character]) -> Option<Setup> {
    let days = days_from_date(date)?;
    let n = characters.len().max(1) as i64;
    let ch = characters.get(days.rem_euclid(n) as usize)?;
    Some(Setup {
        seed: crate::content::fnv1a(format!("unbroken-daily-{date}").bytes()),
        character: ch.id.clone(),
        side: (days.div_euclid(n).rem_euclid(2)) as u8,
        difficulty: Difficulty::Normal,
        easy_toggle: false,
    })
}

/// How far back a deal is still recognised as a daily challenge: a year of days.
pub const DAILY_MEMORY_DAYS: i64 = 366;

/// The date whose daily challenge `setup` is, looking back from the UTC day of `now_millis`
/// (and one day ahead, for a clock that runs slow); `None` for any other deal. The save holds
/// only the setup, so this is how a daily challenge resumed days later is still recorded as
/// daily.
pub fn daily_date_of(setup: &Setup, db: &CardDb, now_millis: f64) -> Option<String> {
    let today = (now_millis / 86_400_000.0).floor() as i64;
    (-1..=DAILY_MEMORY_DAYS).find_map(|back| {
        let date = utc_date((today - back) as f64 * 86_400_000.0);
        (daily_setup(&date, db).as_ref() == Some(setup)).then_some(date)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_daily_deal_is_known_for_a_year_and_no_other_deal_is() {
        let db = CardDb::builtin().expect("content");
        let day = |d: i64| d as f64 * 86_400_000.0 + 3_600_000.0;
        let today = days_from_date("2026-11-21").expect("date");
        let s = daily_setup("2026-11-18", &db).expect("setup");
        // Resumed three days later, or a year later: still that day's daily challenge.
        assert_eq!(
            daily_date_of(&s, &db, day(today)).as_deref(),
            Some("2026-11-18")
        );
        assert_eq!(
            daily_date_of(&s, &db, day(today + 360)).as_deref(),
            Some("2026-11-18")
        );
        assert_eq!(daily_date_of(&s, &db, day(today + 400)), None);
        // A player's own deal with the same character is not a daily challenge.
        let mut own = s.clone();
        own.seed ^= 1;
        assert_eq!(daily_date_of(&own, &db, day(today)), None);
        let mut hard = s;
        hard.difficulty = Difficulty::Hard;
        assert_eq!(daily_date_of(&hard, &db, day(today)), None);
    }

    #[test]
    fn dates_round_trip() {
        assert_eq!(days_from_date("1970-01-01"), Some(0));
        assert_eq!(days_from_date("2000-02-29"), Some(11_016));
        assert_eq!(days_from_date("2026-02-29"), None);
        assert_eq!(days_from_date("2026-13-01"), None);
        assert_eq!(days_from_date("26-1-1"), None);
        for d in [0i64, 11_016, 20_413, 20_778, -1] {
            let s = utc_date(d as f64 * 86_400_000.0 + 5.0);
            assert_eq!(days_from_date(&s), Some(d), "{s}");
        }
        assert_eq!(utc_date(1_795_219_200_000.0), "2026-11-21");
    }

    #[test]
    fn same_day_same_deal_next_day_another() {
        let db = CardDb::builtin().expect("content");
        let a = daily_setup("2026-11-21", &db).expect("a day");
        assert_eq!(Some(a.clone()), daily_setup("2026-11-21", &db));
        let b = daily_setup("2026-11-22", &db).expect("a day");
        assert_ne!(a.seed, b.seed);
        assert_ne!(a.character, b.character);
        assert_eq!(a.difficulty, Difficulty::Normal);
    }
}
