//! A suite of test cases in a directory, as `snl judge --save` and
//! `snl gen --save` write them: `case-N.in`, a board as a program reads it,
//! and `case-N.out`, what a right program prints, for any test runner.
//!
//! The numbers go on from the highest already there, so that runs add to a
//! suite and never overwrite a case; each file is written beside its name
//! and renamed into place, so an interrupted run leaves no half-written
//! case (the `.out` is written last: a `.in` without its `.out` is the only
//! trace a stop can leave, and the next run numbers past it).

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::output_file::write_output;

/// A directory of cases, and the next free number in it.
#[derive(Debug)]
pub struct Suite {
    dir: PathBuf,
    next: u64,
}

impl Suite {
    /// The suite in `dir`, made if it does not exist.
    ///
    /// # Errors
    ///
    /// `dir` is a file, or cannot be made or read.
    pub fn open(dir: &Path) -> Result<Suite> {
        if dir.exists() && !dir.is_dir() {
            bail!(
                "{} is a file; --save takes a directory to write case-N.in and case-N.out into",
                dir.display()
            );
        }
        fs::create_dir_all(dir).with_context(|| format!("cannot make {}", dir.display()))?;
        let mut highest = 0;
        for entry in fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
            let name = entry?.file_name();
            if let Some(n) = name
                .to_str()
                .and_then(|n| n.strip_prefix("case-"))
                .and_then(|n| n.split_once('.'))
                .and_then(|(n, _)| n.parse::<u64>().ok())
            {
                highest = highest.max(n);
            }
        }
        Ok(Suite {
            dir: dir.to_path_buf(),
            next: highest + 1,
        })
    }

    /// Adds a case: the board as the program reads it, and what it should
    /// print. Returns the path of its `.in` file.
    ///
    /// # Errors
    ///
    /// A file cannot be written.
    pub fn add(&mut self, input: &str, output: &str) -> Result<PathBuf> {
        let n = self.next;
        self.next += 1;
        let path = |ext: &str| self.dir.join(format!("case-{n}.{ext}"));
        let (input_path, output_path) = (path("in"), path("out"));
        let mut sink = std::io::sink();
        write_output(Some(&input_path), None, &mut sink, |w| {
            Ok(w.write_all(input.as_bytes())?)
        })?;
        write_output(Some(&output_path), None, &mut sink, |w| {
            Ok(w.write_all(output.as_bytes())?)
        })?;
        Ok(input_path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_numbered_past_those_there() {
        let dir = tempfile::tempdir().unwrap();
        let mut suite = Suite::open(dir.path()).unwrap();
        assert!(suite.add("a\n", "1\n").unwrap().ends_with("case-1.in"));
        fs::write(dir.path().join("case-7.in"), "").unwrap();
        fs::write(dir.path().join("notes.txt"), "").unwrap();
        let mut again = Suite::open(dir.path()).unwrap();
        assert!(again.add("b\n", "2\n").unwrap().ends_with("case-8.in"));
        assert_eq!(
            fs::read_to_string(dir.path().join("case-8.out")).unwrap(),
            "2\n"
        );
        let file = dir.path().join("case-1.in");
        let e = Suite::open(&file).unwrap_err().to_string();
        assert!(e.contains("is a file"), "{e}");
    }
}
