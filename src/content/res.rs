//! Resources and bundles of resources (Rules Reference pp. 10–11).
//!
//! A [`Bundle`] is any set of amounts: a cost, a gain, a reward, a trickery cost. The player's own
//! stock is a [`Stock`], which knows the bar maxima and the effort rules.

use serde::{Deserialize, Serialize};

/// One resource track. Time is a resource too (p. 11) but lives on its own tracker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Res {
    /// Small Effort: pays most costs; 0–25 (RULINGS.md).
    Small,
    /// Medium Effort: pays for 1 Small when short (p. 10).
    Medium,
    /// Large Effort: pays for 1 Medium when short (p. 10).
    Large,
    /// Cunning (trickery, encounters).
    Cunning,
    /// Food, eaten in the Hunger Step (p. 32).
    Food,
    /// Wood (crafting).
    Wood,
    /// Metal (crafting).
    Metal,
    /// Treasure: 10 points each at the end (p. 34).
    Treasure,
    /// Time, on its own tracker (p. 11): running out means an ambush (p. 21).
    Time,
}

impl Res {
    /// Every resource in display order (the Resource/Effort Tracker, then Time).
    pub const ALL: [Res; 9] = [
        Res::Small,
        Res::Medium,
        Res::Large,
        Res::Cunning,
        Res::Food,
        Res::Wood,
        Res::Metal,
        Res::Treasure,
        Res::Time,
    ];

    /// The three effort categories, lowest first (p. 10).
    pub const EFFORT: [Res; 3] = [Res::Small, Res::Medium, Res::Large];
    /// The resources on the tracker that are not Effort.
    pub const SUPPLIES: [Res; 5] = [
        Res::Cunning,
        Res::Food,
        Res::Wood,
        Res::Metal,
        Res::Treasure,
    ];

    /// Whether it is one of the three effort categories (substitution applies, p. 10).
    pub fn is_effort(self) -> bool {
        matches!(self, Res::Small | Res::Medium | Res::Large)
    }

    /// Index into a `[u8; 9]`.
    pub fn idx(self) -> usize {
        self as usize
    }

    /// The plain name a player reads.
    pub fn name(self) -> &'static str {
        match self {
            Res::Small => "Small Effort",
            Res::Medium => "Medium Effort",
            Res::Large => "Large Effort",
            Res::Cunning => "Cunning",
            Res::Food => "Food",
            Res::Wood => "Wood",
            Res::Metal => "Metal",
            Res::Treasure => "Treasure",
            Res::Time => "Time",
        }
    }

    /// The key used in content and saves.
    pub fn key(self) -> &'static str {
        match self {
            Res::Small => "small",
            Res::Medium => "medium",
            Res::Large => "large",
            Res::Cunning => "cunning",
            Res::Food => "food",
            Res::Wood => "wood",
            Res::Metal => "metal",
            Res::Treasure => "treasure",
            Res::Time => "time",
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Amounts of resources, written in content as `{"small": 2, "time": 1}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bundle {
    /// Small Effort.
    pub small: u8,
    /// Medium Effort.
    pub medium: u8,
    /// Large Effort.
    pub large: u8,
    /// Cunning.
    pub cunning: u8,
    /// Food.
    pub food: u8,
    /// Wood.
    pub wood: u8,
    /// Metal.
    pub metal: u8,
    /// Treasure.
    pub treasure: u8,
    /// Time (moves the token, or costs Small Effort in Level IV combat, p. 29).
    pub time: u8,
}

/// The JSON shape of a [`Bundle`]: named amounts, zeros left out.
#[derive(Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct NamedAmounts {
    #[serde(skip_serializing_if = "is_zero")]
    small: u8,
    #[serde(skip_serializing_if = "is_zero")]
    medium: u8,
    #[serde(skip_serializing_if = "is_zero")]
    large: u8,
    #[serde(skip_serializing_if = "is_zero")]
    cunning: u8,
    #[serde(skip_serializing_if = "is_zero")]
    food: u8,
    #[serde(skip_serializing_if = "is_zero")]
    wood: u8,
    #[serde(skip_serializing_if = "is_zero")]
    metal: u8,
    #[serde(skip_serializing_if = "is_zero")]
    treasure: u8,
    #[serde(skip_serializing_if = "is_zero")]
    time: u8,
}

/// Human-readable formats (content, saves, the CLI) get named amounts; compact binary ones (the
/// embedded card database) get nine bytes in display order.
impl Serialize for Bundle {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let b = *self;
        if s.is_human_readable() {
            NamedAmounts {
                small: b.small,
                medium: b.medium,
                large: b.large,
                cunning: b.cunning,
                food: b.food,
                wood: b.wood,
                metal: b.metal,
                treasure: b.treasure,
                time: b.time,
            }
            .serialize(s)
        } else {
            Res::ALL.map(|r| b.get(r)).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Bundle {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            let n = NamedAmounts::deserialize(d)?;
            Ok(Bundle {
                small: n.small,
                medium: n.medium,
                large: n.large,
                cunning: n.cunning,
                food: n.food,
                wood: n.wood,
                metal: n.metal,
                treasure: n.treasure,
                time: n.time,
            })
        } else {
            let a = <[u8; 9]>::deserialize(d)?;
            let mut b = Bundle::default();
            for (r, n) in Res::ALL.into_iter().zip(a) {
                *b.slot(r) = n;
            }
            Ok(b)
        }
    }
}

impl Bundle {
    /// The amount of one resource.
    pub fn get(&self, r: Res) -> u8 {
        match r {
            Res::Small => self.small,
            Res::Medium => self.medium,
            Res::Large => self.large,
            Res::Cunning => self.cunning,
            Res::Food => self.food,
            Res::Wood => self.wood,
            Res::Metal => self.metal,
            Res::Treasure => self.treasure,
            Res::Time => self.time,
        }
    }

    /// The amount of one resource, to change in place.
    pub fn slot(&mut self, r: Res) -> &mut u8 {
        match r {
            Res::Small => &mut self.small,
            Res::Medium => &mut self.medium,
            Res::Large => &mut self.large,
            Res::Cunning => &mut self.cunning,
            Res::Food => &mut self.food,
            Res::Wood => &mut self.wood,
            Res::Metal => &mut self.metal,
            Res::Treasure => &mut self.treasure,
            Res::Time => &mut self.time,
        }
    }

    /// A bundle of one resource.
    pub fn of(r: Res, n: u8) -> Bundle {
        let mut b = Bundle::default();
        *b.slot(r) = n;
        b
    }

    /// The non-zero entries, in display order.
    pub fn entries(&self) -> impl Iterator<Item = (Res, u8)> + '_ {
        Res::ALL
            .into_iter()
            .map(|r| (r, self.get(r)))
            .filter(|(_, n)| *n > 0)
    }

    /// Whether every amount is zero (nothing to pay, gain or show).
    pub fn is_empty(&self) -> bool {
        self.entries().next().is_none()
    }

    /// Sum of two bundles, saturating.
    pub fn plus(&self, other: &Bundle) -> Bundle {
        let mut out = *self;
        for r in Res::ALL {
            let s = out.slot(r);
            *s = s.saturating_add(other.get(r));
        }
        out
    }

    /// Reads "2 Small Effort, 1 Time" (or "nothing").
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .entries()
            .map(|(r, n)| format!("{n} {}", r.name()))
            .collect();
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// Bar maxima, from `content/rules.json` (RULINGS.md: "Resource bar maxima").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bars {
    /// Small Effort bar: 0–25 by default.
    pub small: u8,
    /// Every other resource bar (Medium, Large, Cunning, Food, Wood, Metal, Treasure): 0–7.
    pub resource: u8,
    /// The Time track: 0–31.
    pub time: u8,
    /// Monster Armor track: 0–6.
    pub armor: u8,
    /// Monster Health track: 0–20.
    pub health: u8,
}

impl Bars {
    /// The top of a resource's bar: gains past it are lost (p. 11).
    pub fn max(&self, r: Res) -> u8 {
        match r {
            Res::Small => self.small,
            Res::Time => self.time,
            _ => self.resource,
        }
    }
}

/// How a voluntary payment or mandatory loss of effort was covered: which categories paid.
pub type Payment = Bundle;

/// The player's resources on the Resource/Effort Tracker (Time is kept by the game, p. 24).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stock(pub Bundle);

impl Stock {
    /// How much of one resource the player holds.
    pub fn get(&self, r: Res) -> u8 {
        self.0.get(r)
    }

    /// Total effort, counting each category once (1 higher pays exactly 1 lower, RULINGS.md).
    pub fn effort_total(&self) -> u16 {
        Res::EFFORT.iter().map(|r| self.get(*r) as u16).sum()
    }

    /// Works out how to pay `cost` (Time excluded) without changing anything: exact resources
    /// first, then any shortfall in an effort category from the next higher categories
    /// (p. 10: "you can spend Effort of a higher category in place of Effort of a lower category").
    /// Returns `None` if the stock cannot cover it.
    // Three parallel arrays indexed by category read clearer than zipped iterators here.
    #[allow(clippy::needless_range_loop)]
    pub fn plan_payment(&self, cost: &Bundle) -> Option<Payment> {
        let mut pay = Bundle::default();
        for r in Res::ALL {
            if r == Res::Time || r.is_effort() {
                continue;
            }
            if self.get(r) < cost.get(r) {
                return None;
            }
            *pay.slot(r) = cost.get(r);
        }
        // Effort: highest demand first so that a category's own tokens serve its own cost before
        // they are used to cover a lower category's shortfall.
        let mut left = [
            self.get(Res::Small),
            self.get(Res::Medium),
            self.get(Res::Large),
        ];
        let mut need = [cost.small, cost.medium, cost.large];
        let mut used = [0u8; 3];
        for i in (0..3).rev() {
            let take = need[i].min(left[i]);
            left[i] -= take;
            used[i] += take;
            need[i] -= take;
        }
        for i in 0..3 {
            for j in i + 1..3 {
                let take = need[i].min(left[j]);
                left[j] -= take;
                used[j] += take;
                need[i] -= take;
            }
            if need[i] > 0 {
                return None;
            }
        }
        pay.small = used[0];
        pay.medium = used[1];
        pay.large = used[2];
        Some(pay)
    }

    /// Removes a planned payment.
    pub fn take(&mut self, pay: &Payment) {
        for (r, n) in pay.entries() {
            let s = self.0.slot(r);
            *s = s.saturating_sub(n);
        }
    }

    /// Adds resources up to the bars; returns what was actually gained (the excess is lost, p. 11).
    pub fn add(&mut self, gain: &Bundle, bars: &Bars) -> Bundle {
        let mut got = Bundle::default();
        for (r, n) in gain.entries() {
            if r == Res::Time {
                continue;
            }
            let s = self.0.slot(r);
            let room = bars.max(r).saturating_sub(*s);
            let g = n.min(room);
            *s += g;
            *got.slot(r) = g;
        }
        got
    }

    /// Score of the resources left (p. 34): each resource times its point value.
    pub fn score(&self, points: &Bundle) -> u32 {
        Res::ALL
            .iter()
            .map(|r| self.get(*r) as u32 * points.get(*r) as u32)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stock(small: u8, medium: u8, large: u8) -> Stock {
        Stock(Bundle {
            small,
            medium,
            large,
            ..Bundle::default()
        })
    }

    /// p. 10: higher effort may pay for lower, one for one, no change given.
    #[test]
    fn higher_effort_covers_lower_shortfall() {
        let s = stock(1, 1, 0);
        let pay = s.plan_payment(&Bundle::of(Res::Small, 2)).expect("payable");
        assert_eq!((pay.small, pay.medium, pay.large), (1, 1, 0));
        assert!(s.plan_payment(&Bundle::of(Res::Small, 3)).is_none());
    }

    /// A category's own tokens pay for its own cost before they cover a lower shortfall.
    #[test]
    fn own_category_first() {
        let s = stock(0, 1, 1);
        let cost = Bundle {
            small: 1,
            large: 1,
            ..Bundle::default()
        };
        let pay = s.plan_payment(&cost).expect("payable");
        assert_eq!((pay.small, pay.medium, pay.large), (0, 1, 1));
    }

    /// p. 11: excess over a bar is lost.
    #[test]
    fn gains_cap_at_bar() {
        let bars = Bars {
            small: 25,
            resource: 7,
            time: 31,
            armor: 6,
            health: 20,
        };
        let mut s = Stock(Bundle::of(Res::Food, 6));
        let got = s.add(&Bundle::of(Res::Food, 3), &bars);
        assert_eq!(got.food, 1);
        assert_eq!(s.get(Res::Food), 7);
    }
}
