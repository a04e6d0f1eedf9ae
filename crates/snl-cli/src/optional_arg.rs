//! `--optional`'s values for the shells' completion: the library reads the
//! value (its `FromStr`, with its message), clap is only told the names.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use snl::Optional;

/// Reads `--optional` as [`Optional`]'s `FromStr` does, and lists
/// [`Optional::ALL`] as its possible values, so that completion offers them
/// instead of file names.
#[derive(Debug, Clone, Copy)]
pub struct OptionalParser;

impl TypedValueParser for OptionalParser {
    type Value = Optional;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Optional, clap::Error> {
        StringValueParser::new()
            .try_map(|s| s.parse::<Optional>())
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Optional::ALL
                .into_iter()
                .map(|o| PossibleValue::new(o.as_str())),
        ))
    }
}
