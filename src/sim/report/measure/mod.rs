//! The measures the report takes: from recorded games (`figures`: shares, intervals, per
//! character and per monster), one policy experiment against the bot's own play
//! (`experiment`), and from the box itself with no game played (`box_shape`).

pub(super) mod box_shape;
pub(super) mod experiment;
pub(super) mod figures;
