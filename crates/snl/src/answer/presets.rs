//! `presets`' answer: the built-in boards.

use serde::{Deserialize, Serialize};

use crate::presets::Preset;

/// `presets`: the built-in boards.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PresetsAnswer {
    /// Every preset, in the order [`crate::presets::all`] lists them.
    pub presets: Vec<PresetEntry>,
}

/// One built-in board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PresetEntry {
    /// The name to ask for it by (`--preset NAME`).
    pub name: String,
    /// What it is, in a few words.
    pub title: String,
    /// The number of squares.
    pub squares: u64,
    /// The number of ladders.
    pub ladders: usize,
    /// The number of snakes.
    pub snakes: usize,
    /// Where the layout comes from and what the rules are.
    pub source: String,
}

impl From<&Preset> for PresetEntry {
    fn from(preset: &Preset) -> PresetEntry {
        let parsed = preset.parse();
        let count = |up: bool| {
            parsed
                .spec
                .jumps
                .iter()
                .filter(|j| (j.to > j.from) == up)
                .count()
        };
        PresetEntry {
            name: preset.name.to_string(),
            title: preset.title.to_string(),
            squares: parsed.spec.squares,
            ladders: count(true),
            snakes: count(false),
            source: preset.source.to_string(),
        }
    }
}

impl PresetsAnswer {
    /// Every built-in board.
    pub fn all() -> PresetsAnswer {
        PresetsAnswer {
            presets: crate::presets::all()
                .iter()
                .map(PresetEntry::from)
                .collect(),
        }
    }
}
