//! A copy-on-write field of the position: the decks and piles a bot's look-ahead copies by the
//! thousand but rarely writes. Cloning shares the value; the first write through a copy makes
//! it its own ([`Arc::make_mut`]). Saves, equality, hashing and debug output see the value
//! itself, so a serialised position is byte-identical to one holding the value directly.
//!
//! On wasm32 (the browser app and its bot worker) it holds the value itself: the same API, a
//! plain copy on clone, and none of `Arc`'s code in the page's initial download (the 250 KB
//! budget of `scripts/budgets.mjs`). The look-ahead that profits from sharing is the native
//! balance report's.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Arc;

/// A value shared between copies of a position until one of them writes to it.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shared<T: Clone>(Arc<T>);

/// The value itself (wasm32: no sharing, see the module comment).
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shared<T: Clone>(T);

impl<T: Clone> Shared<T> {
    /// Wraps a value.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }

    /// Wraps a value.
    #[cfg(target_arch = "wasm32")]
    pub fn new(value: T) -> Shared<T> {
        Shared(value)
    }
}

impl<T: Clone> From<T> for Shared<T> {
    fn from(value: T) -> Shared<T> {
        Shared::new(value)
    }
}

impl<T: Clone> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    /// Copies the value first when another position still shares it.
    #[cfg(not(target_arch = "wasm32"))]
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }

    /// The value itself (wasm32).
    #[cfg(target_arch = "wasm32")]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Clone + fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl<T: Clone + Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de, T: Clone + Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shared<T>, D::Error> {
        T::deserialize(deserializer).map(Shared::new)
    }
}

impl<'a, T: Clone> IntoIterator for &'a Shared<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        let value: &'a T = self;
        value.into_iter()
    }
}

/// Compares with the value itself (tests and callers holding a plain value).
impl<T: Clone + PartialEq> PartialEq<T> for Shared<T> {
    fn eq(&self, other: &T) -> bool {
        **self == *other
    }
}
