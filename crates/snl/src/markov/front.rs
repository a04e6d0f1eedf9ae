//! The bookkeeping of the frontal elimination both engines run (the dense
//! one over squares, the sparse one over the squares it keeps): which
//! unknowns are open, in which slot of the expressions, and the rows'
//! expressions kept for the rows below that refer to them.
//!
//! Unknowns are eliminated from the highest down. A row refers to higher
//! unknowns, already eliminated (their kept expressions are substituted),
//! to itself, and to lower ones, still *open*: each open unknown has a
//! slot, a coefficient in every expression. An expression is `[constant,
//! chance of leaving, one coefficient per slot]`. When an open unknown is
//! eliminated its slot closes, and every kept expression that refers to it
//! refers to its expression instead. The two engines differ in their
//! numbers (`f64` or double-double, with their error bounds) and rows, and
//! share this.

use crate::limits::{self, Cancel, LimitError};

/// No slot, no kept expression.
pub(crate) const NONE: u32 = u32::MAX;

/// The slots of the open unknowns and the kept expressions of one
/// elimination, and where each unknown's coefficients are: `place[k]` is
/// its slot while it is open, its row of the kept expressions once it is
/// eliminated and kept, [`NONE`] otherwise.
#[derive(Debug)]
pub(crate) struct Front<T> {
    /// Where each unknown is.
    pub place: Vec<u32>,
    /// Which slots are in use, and by which unknown.
    slot_used: Vec<bool>,
    var_of_slot: Vec<u32>,
    /// The slots in use are all below `top`, and every expression is worked
    /// on that far only: beyond it every one holds zeros. Slots are taken
    /// lowest first, so that `top` follows the most unknowns open at once
    /// near each row, far fewer than the most of all on most rows.
    top: usize,
    /// The kept expressions, `stride` numbers each.
    pool: Vec<T>,
    stride: usize,
    pool_free: Vec<u32>,
    pool_used: Vec<bool>,
}

impl<T: Clone> Front<T> {
    /// The bookkeeping of `unknowns` unknowns, at most `open` open at once
    /// and `kept` expressions kept at once, numbers starting as `zero`.
    ///
    /// # Errors
    ///
    /// [`LimitError::Alloc`] when its tables cannot be allocated; a stop
    /// of `cancel` while the table of places is filled.
    pub fn new(
        unknowns: usize,
        open: usize,
        kept: usize,
        zero: T,
        cancel: &Cancel,
    ) -> Result<Front<T>, LimitError> {
        let what = "the solver's tables";
        let stride = open + 2;
        Ok(Front {
            place: limits::vec_of_with(unknowns, NONE, what, cancel)?,
            slot_used: limits::vec_of(open, false, what)?,
            var_of_slot: limits::vec_of(open, NONE, what)?,
            top: 0,
            pool: limits::vec_of(
                kept.max(1).saturating_mul(stride),
                zero,
                "the solver's open expressions",
            )?,
            stride,
            pool_free: (0..kept as u32).rev().collect(),
            pool_used: limits::vec_of(kept, false, what)?,
        })
    }

    /// The numbers of an expression: the constant, the chance of leaving,
    /// and one coefficient a slot.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// How far the expressions are in use: `2 + top`.
    pub fn width(&self) -> usize {
        2 + self.top
    }

    /// The index in an expression of the coefficient of open unknown `t`,
    /// which is given a slot (the lowest free) when it has none.
    pub fn open(&mut self, t: usize) -> usize {
        if self.place[t] == NONE {
            let s = self
                .slot_used
                .iter()
                .position(|&u| !u)
                .expect("the plan counts open unknowns");
            self.slot_used[s] = true;
            self.top = self.top.max(s + 1);
            self.place[t] = s as u32;
            self.var_of_slot[s] = t as u32;
        }
        2 + self.place[t] as usize
    }

    /// The index in an expression of the coefficient of unknown `k`, about
    /// to be eliminated, when it is open.
    pub fn slot_of(&self, k: usize) -> Option<usize> {
        let s = self.place[k];
        (s != NONE).then(|| 2 + s as usize)
    }

    /// Closes the slot of unknown `k`, eliminated: its coefficient is zero
    /// in every expression now.
    pub fn close(&mut self, k: usize) {
        let slot = self.place[k] as usize;
        self.slot_used[slot] = false;
        while self.top > 0 && !self.slot_used[self.top - 1] {
            self.top -= 1;
        }
        self.var_of_slot[slot] = NONE;
        self.place[k] = NONE;
    }

    /// The open unknowns and their slots' indices in an expression.
    pub fn open_unknowns(&self) -> impl Iterator<Item = (u32, usize)> + '_ {
        (0..self.top)
            .filter(|&s| self.slot_used[s])
            .map(|s| (self.var_of_slot[s], 2 + s))
    }

    /// The kept expression of eliminated unknown `t`, as far as it is in
    /// use.
    pub fn kept(&self, t: usize) -> &[T] {
        let r = self.place[t] as usize;
        &self.pool[r * self.stride..r * self.stride + 2 + self.top]
    }

    /// The kept expressions in use that refer to the slot at `s`, each
    /// given to `substitute` as far as in use with its row: where the
    /// eliminated unknown's expression is put in place of its slot.
    pub fn each_referring(
        &mut self,
        s: usize,
        mut substitute: impl FnMut(usize, &mut [T]) -> Result<(), LimitError>,
        is_zero: impl Fn(&T) -> bool,
    ) -> Result<(), LimitError> {
        let width = 2 + self.top;
        for r in 0..self.pool_used.len() {
            if !self.pool_used[r] || is_zero(&self.pool[r * self.stride + s]) {
                continue;
            }
            let start = r * self.stride;
            substitute(r, &mut self.pool[start..start + width])?;
        }
        Ok(())
    }

    /// Keeps `expr` as unknown `k`'s expression, for the rows below that
    /// refer to it; the kept row's index.
    pub fn keep(&mut self, k: usize, expr: &[T]) -> usize {
        let r = self
            .pool_free
            .pop()
            .expect("the plan counts kept expressions");
        let start = r as usize * self.stride;
        self.pool[start..start + self.stride].clone_from_slice(expr);
        self.pool_used[r as usize] = true;
        self.place[k] = r;
        r as usize
    }

    /// Lets unknown `t`'s kept expression go, no row below needing it.
    pub fn release(&mut self, t: usize) {
        let r = self.place[t];
        if r != NONE {
            self.pool_used[r as usize] = false;
            self.pool_free.push(r);
            self.place[t] = NONE;
        }
    }

    /// The constant of unknown `t`'s kept expression, when it has one.
    pub fn constant(&self, t: usize) -> Option<&T> {
        let r = *self.place.get(t)?;
        (r != NONE).then(|| &self.pool[r as usize * self.stride])
    }
}
