//! HTML built outside Yew, escaped by construction: the records views and the end screen's body are
//! [`Markup`], which only escaped text, markup written in this crate's source (`&'static str`
//! literals) or other `Markup` can make, so escaping holds by construction: a view cannot
//! forget to escape a name, and cannot escape markup twice.
//!
//! [`markup!`](crate::markup) appends a format string (a literal of the source) whose every
//! argument is [`Render`]ed: text (`str`, `String`) escaped, numbers written, `Markup` as it is.
//! Its format strings use positional `{}` only (an inline `{name}` would bypass rendering).

use std::fmt;

/// A piece of HTML (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup(String);

/// What may go into [`Markup`]: text is escaped, numbers are written, markup goes as it is.
pub trait Render {
    fn render_to(&self, out: &mut String);
}

/// Escapes text for HTML content and attribute values.
fn escape_to(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
}

impl Render for str {
    fn render_to(&self, out: &mut String) {
        escape_to(out, self)
    }
}

impl Render for String {
    fn render_to(&self, out: &mut String) {
        escape_to(out, self)
    }
}

impl Render for Markup {
    fn render_to(&self, out: &mut String) {
        out.push_str(&self.0)
    }
}

impl<T: Render + ?Sized> Render for &T {
    fn render_to(&self, out: &mut String) {
        (**self).render_to(out)
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Render for $t {
            fn render_to(&self, out: &mut String) {
                use fmt::Write;
                let _ = write!(out, "{self}");
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, bool);

/// A [`Render`] as `Display`, for [`markup!`](crate::markup)'s `write!`.
#[doc(hidden)]
pub struct Show<'a, T: ?Sized>(pub &'a T);

impl<T: Render + ?Sized> fmt::Display for Show<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.0.render_to(&mut s);
        f.write_str(&s)
    }
}

impl Markup {
    pub fn new() -> Markup {
        Markup::default()
    }

    /// Markup written in this crate's source: only a `&'static str` literal.
    pub fn lit(s: &'static str) -> Markup {
        Markup(s.to_string())
    }

    /// Text, escaped.
    pub fn text(s: &str) -> Markup {
        let mut m = Markup::new();
        escape_to(&mut m.0, s);
        m
    }

    /// Appends text (escaped), a number, or markup.
    pub fn push(&mut self, x: impl Render) {
        x.render_to(&mut self.0)
    }

    /// Appends markup written in this crate's source.
    pub fn lit_push(&mut self, s: &'static str) {
        self.0.push_str(s)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The HTML text, to hand over (to the app, which shows it as it is).
    pub fn into_string(self) -> String {
        self.0
    }

    /// For [`markup!`](crate::markup) only.
    #[doc(hidden)]
    pub fn __buf(&mut self) -> &mut String {
        &mut self.0
    }
}

impl std::ops::Deref for Markup {
    type Target = str;
    /// The HTML text, to read (tests, lengths); never to build more markup from.
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<&str> for Markup {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// `markup!(m, "<p id=\"{}\">{}</p>", id, text)` appends to the [`Markup`] `m` the literal
/// format with each argument rendered (text escaped); `markup!("…", …)` makes a new one.
#[macro_export]
macro_rules! markup {
    ($out:expr, $fmt:literal $(, $arg:expr)* $(,)?) => {{
        use ::std::fmt::Write as _;
        let _ = write!(
            ($out).__buf(),
            $fmt
            $(, $crate::records::markup::Show(&$arg))*
        );
    }};
    ($fmt:literal $(, $arg:expr)* $(,)?) => {{
        let mut m = $crate::records::markup::Markup::new();
        $crate::markup!(m, $fmt $(, $arg)*);
        m
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_markup_is_not_and_numbers_are_written() {
        let name = "<script>\"O'Brien\" & co</script>";
        let inner = crate::markup!("<b>{}</b>", name);
        let m = crate::markup!("<p title=\"{}\">{} {} {}</p>", name, inner, 42u32, -3i32);
        assert_eq!(
            m.as_str(),
            "<p title=\"&lt;script&gt;&quot;O&#39;Brien&quot; &amp; co&lt;/script&gt;\">\
             <b>&lt;script&gt;&quot;O&#39;Brien&quot; &amp; co&lt;/script&gt;</b> 42 -3</p>"
        );
        let mut n = Markup::lit("<ul>");
        n.push(Markup::text("a<b"));
        n.push(String::from("&"));
        n.lit_push("</ul>");
        assert_eq!(n.into_string(), "<ul>a&lt;b&amp;</ul>");
    }
}
