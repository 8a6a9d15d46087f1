//! What a capture does beyond removing the captured piece: explosions
//! (§11.5).

use super::Checker;
use crate::load::ExplosionDef;
use crate::program::{Explosion, Movement, Travel, MAX_BLAST_SQUARES};

impl Checker<'_> {
    /// The explosion rule, its `around` movement resolved to leaps.
    pub(super) fn explosion(&mut self, def: &ExplosionDef) -> Option<Explosion> {
        let spared = self.letter_set(&def.spared);
        let immune = self.letter_set(&def.immune);
        let mut movements: Vec<Movement> = Vec::new();
        let mut conditions = Vec::new();
        self.add_entries(
            std::slice::from_ref(&def.around),
            &mut movements,
            &mut conditions,
            None,
        );
        let mut around: Vec<(i8, i8)> = Vec::new();
        for m in &movements {
            if m.travel != Travel::Leap || m.initial {
                self.errors.push(def.around.text.error(format!(
                    "`explosion.around` names the squares around a capture by leaps \
                     (`K`: the eight neighbours); `{}` is not a plain leap",
                    def.around.text.value
                )));
                return None;
            }
            if !around.contains(&(m.dx, m.dy)) {
                around.push((m.dx, m.dy));
            }
        }
        if around.len() > MAX_BLAST_SQUARES {
            self.errors.push(def.around.text.error(format!(
                "`explosion.around` reaches {} squares; at most {MAX_BLAST_SQUARES} are allowed",
                around.len()
            )));
            return None;
        }
        if around.is_empty() && !def.around.components.is_empty() {
            self.errors.push(
                def.around
                    .text
                    .error("`explosion.around` reaches no square; write the leaps, e.g. `K`"),
            );
            return None;
        }
        if let Some(both) = def
            .immune
            .iter()
            .find(|t| def.spared.iter().any(|s| s.value == t.value))
        {
            self.errors.push(both.error(format!(
                "`{}` is both `spared` and `immune`; `immune` already spares it everywhere",
                both.value
            )));
        }
        Some(Explosion {
            around,
            spared,
            immune,
        })
    }
}
