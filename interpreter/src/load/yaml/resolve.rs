//! From the YAML structures to the syntax tree: every expression parsed and
//! every text placed, section by section. Problems are gathered in the
//! order of the sections; the file is refused if there is any.

use super::*;

impl Raw {
    /// The rule file with every expression parsed and every text placed.
    pub(in crate::load) fn resolve(self, source: &str) -> Result<RuleFile, Diagnostics> {
        let f = &self.0;
        let mut r = Resolver::new(f, source);
        let pieces = f.pieces.value.iter().map(|p| r.piece(p)).collect();
        let castling = f.castling.as_ref().map(|c| r.castling(c));
        let holes = r.expr(&f.board.holes);
        let promotion = r.promotions();
        let draws = f.draws.as_ref().map(|d| r.draws(d)).unwrap_or_default();
        let outcomes = f
            .outcomes
            .as_ref()
            .map(|o| r.outcomes(o))
            .unwrap_or_default();
        let drops = r.drops();
        let gating = r.gating();
        let explosion = f.explosion.as_ref().map(|x| ExplosionDef {
            around: r.entry(&x.value.around, &None),
            spared: r.texts(&x.value.spared),
            immune: r.texts(&x.value.immune),
        });
        let walls = f.walls.as_ref().map(|w| r.walls(w));
        let freeze = f.freeze.iter().map(|z| r.freeze(z)).collect();
        let replies = f.replies.iter().map(|x| r.reply(x)).collect();
        let turn = f.turn.as_ref().map(|t| r.turn(t));
        let rulings = f.rulings.iter().map(|(id, x)| r.ruling(id, x)).collect();
        r.state_names_are_unique();
        let shuffle = f.shuffle.as_ref().map(|s| r.shuffle(s));
        let passing = f.passing.as_ref().map(|p| PassingDef {
            when: r.expr(&p.value.when),
            twice: r.optional(&p.value.twice),
        });
        if !r.errors.is_empty() {
            return Err(Diagnostics(r.errors));
        }
        let notation = f
            .notation
            .as_ref()
            .map(|n| NotationDef {
                declaration: r.optional(&n.declaration),
                entry: r.optional(&n.entry),
                gating: r.optional(&n.gating),
            })
            .unwrap_or_default();
        Ok(RuleFile {
            turn,
            notation,
            hidden: f
                .hidden
                .iter()
                .map(|h| (r.texts(&h.pieces), text(&h.from, source)))
                .collect(),
            rulings,
            gating,
            freeze,
            replies,
            hand: r.hand(),
            state: r.state(),
            drops,
            outcomes,
            name: text(&f.name, source),
            title: f.title.clone(),
            source: f.source.clone(),
            files: number(&f.board.files, source),
            ranks: number(&f.board.ranks, source),
            holes,
            pieces,
            pieces_span: place(&f.pieces, source),
            giving_check: r.optional(&f.giving_check),
            explosion,
            walls,
            royal_check: r.optional(&f.royal_check),
            held_in_check: f.held_in_check.as_ref().map(|l| r.placed_texts(l)),
            royals_facing: r.optional(&f.royals_facing),
            passing,
            shuffle,
            compulsory_capture: f.compulsory_capture.as_ref().map(|c| CompulsoryDef {
                sides: r.optional(&c.value.sides),
                by: c.value.by.as_ref().map(|b| r.texts(b)),
                span: place(c, source),
            }),
            setup: text(&f.setup, source),
            castling,
            promotion,
            draws,
        })
    }
}

/// The YAML structure being resolved, the named conditions read from it,
/// and the problems found so far.
struct Resolver<'a> {
    file: &'a RawRuleFile,
    source: &'a str,
    conditions: Conditions,
    errors: Vec<Diagnostic>,
}

impl<'a> Resolver<'a> {
    /// Checks the language version and `extends`, and reads the
    /// `conditions` section, which every later expression may name.
    fn new(f: &'a RawRuleFile, source: &'a str) -> Self {
        let mut errors = Vec::new();
        if f.motley.value.0 != LANGUAGE_VERSION {
            errors.push(Diagnostic::at(place(&f.motley, source), format!("unsupported language version {}; this interpreter reads `motley: {LANGUAGE_VERSION}`", f.motley.value.0)));
        }
        let condition_entries: Vec<(Text, Text)> = f
            .conditions
            .iter()
            .map(|(key, body)| {
                let body = text(body, source);
                let at = key_span(source, body.span, key);
                (
                    Text {
                        value: key.clone(),
                        span: at,
                    },
                    body,
                )
            })
            .collect();
        let conditions = Conditions::read(&condition_entries, &mut errors);
        if let Some(extends) = &f.extends {
            errors.push(Diagnostic::at(
                place(extends, source),
                "`extends` is read as a line of its own at the top level: `extends: FILE` at the start of a line, in a file written as a block mapping",
            ));
        }
        Resolver {
            file: f,
            source,
            conditions,
            errors,
        }
    }

    /// A list of texts, placed.
    fn texts<'t>(&self, list: impl IntoIterator<Item = &'t Spanned<String>>) -> Vec<Text> {
        list.into_iter().map(|t| text(t, self.source)).collect()
    }

    /// A list of texts and where the list is written.
    fn placed_texts(&self, list: &Spanned<Vec<Spanned<String>>>) -> (Vec<Text>, Span) {
        (self.texts(&list.value), place(list, self.source))
    }

    /// An optional text, placed.
    fn optional(&self, t: &Option<Spanned<String>>) -> Option<Text> {
        t.as_ref().map(|t| text(t, self.source))
    }

    /// An optional number and its place.
    fn number(&self, n: &Option<Spanned<Whole>>) -> Option<(u32, Span)> {
        n.as_ref().map(|n| number(n, self.source))
    }

    /// An expression, parsed; a problem is reported.
    fn parse(&mut self, e: &Spanned<String>) -> Option<ExprNode> {
        self.conditions
            .parse(&text(e, self.source))
            .map_err(|d| self.errors.push(d))
            .ok()
    }

    /// An optional expression, parsed; a problem is reported.
    fn expr(&mut self, e: &Option<Spanned<String>>) -> Option<ExprNode> {
        e.as_ref().and_then(|e| self.parse(e))
    }

    /// The movement entries of a `moves` value.
    fn moves(&mut self, moves: &Spanned<RawMoves>) -> Vec<MoveEntry> {
        let rulings = &self.file.rulings;
        move_entries(
            moves,
            self.source,
            (&self.conditions, rulings),
            &mut self.errors,
        )
    }

    /// One Betza movement with its optional condition.
    fn entry(&mut self, m: &Spanned<String>, when: &Option<Spanned<String>>) -> MoveEntry {
        let betza = text(m, self.source);
        let components = parse_betza(&betza)
            .map_err(|d| self.errors.push(d))
            .unwrap_or_default();
        MoveEntry {
            text: betza,
            components,
            when: self.expr(when),
            sets: Vec::new(),
        }
    }

    /// Reports choices by a ruling that name its options wrongly.
    fn check_ruled<T>(&mut self, values: &[&Ruled<T>]) {
        check_ruled(values, &self.file.rulings, self.source, &mut self.errors);
    }

    /// One entry of `pieces`.
    fn piece(&mut self, p: &Spanned<RawPiece>) -> PieceDef {
        let moves = self.moves(&p.value.moves);
        let imitate = match &p.value.moves.value {
            RawMoves::Imitate(list) => list
                .iter()
                .map(|i| self.imitation(i, place(&p.value.moves, self.source)))
                .collect(),
            _ => Vec::new(),
        };
        PieceDef {
            imitate,
            span: place(p, self.source),
            letter: text(&p.value.letter, self.source),
            name: text(&p.value.name, self.source),
            moves,
            royal: p.value.royal.0,
            value: p.value.value.map(|v| v.0),
            irreversible: p.value.irreversible.0,
            screens_not: self.texts(&p.value.screens_not),
            captures_not: self.texts(&p.value.captures_not),
        }
    }

    /// One entry of a piece's `imitate` list, written at `span`.
    fn imitation(&mut self, i: &RawImitation, span: Span) -> ImitationDef {
        ImitationDef {
            span,
            when: self.expr(&i.when),
            of: self.optional(&i.of),
            initially: self.optional(&i.initially),
            idle: self.optional(&i.idle),
            captures: self.optional(&i.captures),
            except: self.texts(&i.except),
            castling: self.optional(&i.castling),
            overrides: i
                .overrides
                .iter()
                .map(|(k, v)| (k.clone(), place(v, self.source), self.moves(v)))
                .collect(),
        }
    }

    /// The `castling` section.
    fn castling(&self, c: &RawCastling) -> CastlingDef {
        CastlingDef {
            king: text(&c.king, self.source),
            rooks: match &c.rook.value {
                RawLetters::List(list) => self.texts(list),
                RawLetters::Text(t) => vec![Text {
                    value: t.clone(),
                    span: place(&c.rook, self.source),
                }],
            },
            sides: c
                .sides
                .iter()
                .map(|s| CastlingSideDef {
                    king_to: text(&s.king_to, self.source),
                    rook_to: text(&s.rook_to, self.source),
                    rook_from: self.optional(&s.rook_from),
                })
                .collect(),
            landing: self.optional(&c.landing),
            rank: self.number(&c.rank),
        }
    }

    /// The `promotion` rules, one for every choice of the rulings they name.
    fn promotions(&mut self) -> Vec<PromotionDef> {
        let mut promotion = Vec::new();
        let file = self.file;
        for p in &file.promotion {
            let Some(zone) = self.parse(&p.zone) else {
                continue;
            };
            let when = self.expr(&p.when);
            self.check_ruled(&[&p.pieces, &p.to.value]);
            for (pieces_if, pieces) in p.pieces.choices(self.source) {
                for (to_if, to) in p.to.value.choices(self.source) {
                    promotion.push(PromotionDef {
                        pieces: self.texts(pieces),
                        zone: zone.clone(),
                        to: self.texts(to),
                        to_span: place(&p.to, self.source),
                        mandatory: p.mandatory.0,
                        limit: self.optional(&p.limit),
                        at_most: p
                            .at_most
                            .iter()
                            .map(|(letter, n)| {
                                let (count, span) = number(n, self.source);
                                let value = letter.clone();
                                (Text { value, span }, count)
                            })
                            .collect(),
                        zone_of: self.optional(&p.zone_of),
                        when: all_of([pieces_if.clone(), to_if, when.clone()]),
                        sets: self.texts(&p.sets),
                        last_move: self.optional(&p.last_move),
                    });
                }
            }
        }
        promotion
    }

    /// The `draws` section.
    fn draws(&mut self, d: &RawDraws) -> DrawsDef {
        let insufficient = d.insufficient_material.iter();
        let reset = d.fifty_move_reset.as_ref();
        DrawsDef {
            fifty_move: self.number(&d.fifty_move),
            repetition: self.number(&d.repetition),
            repetition_result: self.optional(&d.repetition_result),
            perpetual_check: self.optional(&d.perpetual_check),
            lone: self.texts(insufficient.clone().flat_map(|i| &i.lone)),
            colour_bound: self.texts(insufficient.flat_map(|i| &i.colour_bound)),
            uncounted: d.fifty_move_uncounted.as_ref().map(|u| {
                let when = self.expr(&u.when);
                (self.texts(&u.captures_of), when)
            }),
            insufficient_material: d.insufficient_material.is_some(),
            reset_moves: reset.and_then(|r| self.optional(&r.moves)),
            reset_drops: reset.is_some_and(|r| r.drops.0),
            reset_promotions: reset.is_some_and(|r| r.promotions.0),
            counting: d.counting.as_ref().map(|c| counting(c, self.source)),
        }
    }

    /// The `outcomes` section.
    fn outcomes(&mut self, o: &RawOutcomes) -> OutcomesDef {
        let source = self.source;
        let mut outcomes = OutcomesDef {
            stalemate: self.optional(&o.stalemate),
            bare_royal: self.optional(&o.bare_royal),
            checkmate: self.optional(&o.checkmate),
            draw_odds: self.optional(&o.draw_odds),
            extinction: o.extinction.as_ref().map(|e| ExtinctionDef {
                pieces: e.value.pieces.as_ref().map(|p| self.texts(p)),
                fewer_than: self.number(&e.value.fewer_than),
                result: self.optional(&e.value.result),
                span: place(e, source),
            }),
            check_count: self.number(&o.check_count),
            material_count: o.material_count.as_ref().map(|m| {
                let pairs = |map: &std::collections::BTreeMap<String, Spanned<Whole>>| {
                    map.iter()
                        .map(|(k, v)| (k.clone(), v.value.0, place(v, source)))
                        .collect()
                };
                MaterialCountDef {
                    points: pairs(&m.value.points),
                    bonus: pairs(&m.value.bonus),
                    ties: self.optional(&m.value.ties),
                }
            }),
            ..OutcomesDef::default()
        };
        if let Some(reach) = &o.reach {
            outcomes.reach_answer = self.optional(&reach.answer);
            outcomes.reach_safe = reach.safe.as_ref().map(|t| (t.value.0, place(t, source)));
            if let Some(zone) = self.parse(&reach.zone) {
                outcomes.reach = Some((self.texts(&reach.pieces), zone));
            }
        }
        outcomes
    }

    /// The `drops` rules, one for every choice of the rulings they name.
    fn drops(&mut self) -> Vec<DropDef> {
        let mut drops = Vec::new();
        let file = self.file;
        for d in &file.drops {
            let when = self.expr(&d.when);
            let Some(zone) = self.parse(&d.zone) else {
                continue;
            };
            self.check_ruled(&[&d.pieces, &d.forbid, &d.sets]);
            for (pieces_if, pieces) in d.pieces.choices(self.source) {
                for (forbid_if, forbid) in d.forbid.choices(self.source) {
                    for (sets_if, sets) in d.sets.choices(self.source) {
                        drops.push(DropDef {
                            pieces: self.texts(pieces),
                            zone: zone.clone(),
                            forbid: self.texts(forbid),
                            when: all_of([
                                pieces_if.clone(),
                                forbid_if.clone(),
                                sets_if,
                                when.clone(),
                            ]),
                            sets: self.texts(sets),
                            entry_as: self.optional(&d.entry_as),
                            last_move: self.optional(&d.last_move),
                            max_per_file: self.number(&d.max_per_file),
                            checkmate: self.optional(&d.checkmate),
                        });
                    }
                }
            }
        }
        drops
    }

    /// The `gating` rules, one for every choice of the rulings they name.
    fn gating(&mut self) -> Vec<GateDef> {
        let mut gating = Vec::new();
        let file = self.file;
        for g in &file.gating {
            let (zone, deadline, when) = (
                self.expr(&g.zone),
                self.expr(&g.deadline),
                self.expr(&g.when),
            );
            self.check_ruled(&[&g.vacated_by]);
            for (vacated_if, vacated_by) in g.vacated_by.choices(self.source) {
                gating.push(GateDef {
                    pieces: self.texts(&g.pieces),
                    zone: zone.clone(),
                    vacated_by: self.texts(vacated_by),
                    deadline: deadline.clone(),
                    when: all_of([vacated_if, when.clone()]),
                    castling_field: g.castling_field.0,
                    judged: self.optional(&g.judged),
                });
            }
        }
        gating
    }

    /// The `walls` section.
    fn walls(&mut self, w: &Spanned<RawWalls>) -> WallsDef {
        WallsDef {
            place: self.optional(&w.value.place),
            zone: self.expr(&w.value.zone),
            single: w
                .value
                .single
                .as_ref()
                .map(|t| (t.value.0, place(t, self.source))),
            capturers: self.texts(&w.value.capturers),
            span: place(w, self.source),
        }
    }

    /// One `freeze` rule.
    fn freeze(&mut self, z: &RawFreeze) -> FreezeDef {
        FreezeDef {
            by: self.texts(&z.by),
            reach: self.entry(&z.reach, &None),
            immune: self.texts(&z.immune),
            choose: self.optional(&z.choose),
            linger: self.optional(&z.linger),
            still_near: self.optional(&z.still_near),
            freezer_captured: self.optional(&z.freezer_captured),
            castling: self.optional(&z.castling),
            trigger: self.optional(&z.trigger),
        }
    }

    /// One entry of `replies`.
    fn reply(&mut self, r: &RawReply) -> ReplyDef {
        ReplyDef {
            key: text(&r.key, self.source),
            opened_by: (
                self.texts(&r.opened_by.pieces),
                self.entry(&r.opened_by.moves, &r.opened_by.when),
            ),
            reply: (
                self.texts(&r.reply.pieces),
                self.entry(&r.reply.moves, &r.reply.when),
            ),
            freeze: self.number(&r.freeze),
            when: self.expr(&r.when),
        }
    }

    /// The `turn` section.
    fn turn(&mut self, t: &Spanned<RawTurn>) -> TurnDef {
        let letters = |l: &Option<Spanned<RawLetters>>| match l.as_ref().map(|l| (&l.value, l)) {
            None => LettersDef::None,
            Some((RawLetters::List(list), _)) => LettersDef::List(self.texts(list)),
            Some((RawLetters::Text(t), at)) => LettersDef::Text(Text {
                value: t.clone(),
                span: place(at, self.source),
            }),
        };
        let r = &t.value;
        let (alone, excluded) = (letters(&r.alone), letters(&r.excluded));
        TurnDef {
            span: place(t, self.source),
            moves: number(&r.moves, self.source),
            privilege: self.expr(&r.privilege),
            capture: self.optional(&r.capture),
            capture_sets: self.texts(&r.capture_sets),
            alone,
            excluded,
            later_moves: self.optional(&r.later_moves),
            same_piece: self.optional(&r.same_piece),
            check_ends_turn: self.optional(&r.check_ends_turn),
            schedule: r.schedule.iter().map(|n| number(n, self.source)).collect(),
            en_passant: self.optional(&r.en_passant),
        }
    }

    /// One entry of `rulings`: an identifier, two or more distinct
    /// one-word options, and a default among them.
    fn ruling(&mut self, id: &str, r: &Spanned<RawRuling>) -> RulingDef {
        let source = self.source;
        let default = text(&r.value.default, source);
        let at = key_span(source, place(r, source), id);
        if !is_identifier(id) {
            self.errors.push(Diagnostic::at(
                at,
                format!("a ruling id is a word of lower-case letters, digits, `-` and `_`, starting with a letter, not `{id}`"),
            ));
        }
        let options = &r.value.options;
        if options.len() < 2 {
            self.errors.push(Diagnostic::at(
                at,
                format!(
                    "ruling `{id}` has {} option{}; a ruling is a question with at least two answers",
                    options.len(),
                    if options.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        for (i, o) in options.iter().enumerate() {
            let problem = if options[..i].contains(o) {
                Some(format!("ruling `{id}` lists the option `{o}` twice"))
            } else if o.is_empty() || o.chars().any(|c| c.is_whitespace() || c.is_control()) {
                Some(format!(
                    "ruling `{id}` has the option `{o}`; an option is a word without spaces"
                ))
            } else {
                None
            };
            if let Some(message) = problem {
                self.errors.push(Diagnostic::at(at, message));
            }
        }
        if options.len() >= 2 && !options.contains(&default.value) {
            self.errors.push(default.error(format!(
                "the default `{}` is not one of the options: {}",
                default.value,
                options.join(", ")
            )));
        }
        RulingDef {
            id: id.to_string(),
            span: place(r, source),
            question: r.value.question.clone(),
            source: r.value.source.clone(),
            options: options.clone(),
            default,
        }
    }

    /// The `hand` section: where captured pieces go.
    fn hand(&self) -> HandDef {
        let Some(h) = &self.file.hand else {
            return HandDef::default();
        };
        HandDef {
            captured: self.optional(&h.captured),
            demote: matches!(h.demote, Some(RawDemote::All(true))),
            demote_map: match &h.demote {
                Some(RawDemote::Map(pairs)) => pairs
                    .iter()
                    .map(|(k, v)| (text(k, self.source), text(v, self.source)))
                    .collect(),
                _ => Vec::new(),
            },
            keep: self.texts(&h.keep),
        }
    }

    /// The `state` section: what positions record besides the board.
    fn state(&self) -> StateDef {
        let state = self.file.state.as_ref();
        StateDef {
            last_move: state.and_then(|s| self.optional(&s.last_move)),
            lost: state.is_some_and(|s| s.lost.0),
            player_flags: self.state_names(|s| &s.player_flags),
            piece_flags: self.state_names(|s| &s.piece_flags),
            counters: self.state_names(|s| &s.counters),
        }
    }

    /// The names one list of the `state` section declares.
    fn state_names(&self, names: fn(&RawState) -> &Vec<Spanned<String>>) -> Vec<Text> {
        self.file
            .state
            .as_ref()
            .map(|s| self.texts(names(s)))
            .unwrap_or_default()
    }

    /// Reports a state name that is no identifier or is declared twice.
    /// Player flags and counters are both read as `player.NAME`: one name
    /// is one of them.
    fn state_names_are_unique(&mut self) {
        let player_names = [
            self.state_names(|s| &s.player_flags),
            self.state_names(|s| &s.counters),
        ];
        let piece_names = [self.state_names(|s| &s.piece_flags)];
        for (kinds, names) in [
            (
                ["player flag", "counter"].as_slice(),
                player_names.as_slice(),
            ),
            (["piece flag"].as_slice(), piece_names.as_slice()),
        ] {
            let all: Vec<(&str, &Text)> = kinds
                .iter()
                .zip(names)
                .flat_map(|(kind, list)| list.iter().map(move |t| (*kind, t)))
                .collect();
            for (i, &(kind, t)) in all.iter().enumerate() {
                if !is_identifier(&t.value) {
                    self.errors.push(t.error(format!("a {kind} is a word of lower-case letters, digits, `-` and `_`, starting with a letter, not `{}`", t.value)));
                } else if let Some((first, _)) = all[..i].iter().find(|(_, f)| f.value == t.value) {
                    self.errors.push(t.error(if *first == kind {
                        format!("{kind} `{}` is declared twice", t.value)
                    } else {
                        format!("`{}` is declared as a {first} and as a {kind}: both are read as `player.{}`", t.value, t.value)
                    }));
                }
            }
        }
    }

    /// The `shuffle` section.
    fn shuffle(&self, s: &Spanned<RawShuffle>) -> ShuffleDef {
        ShuffleDef {
            rank: self.number(&s.value.rank),
            opposite_colours: s
                .value
                .opposite_colours
                .iter()
                .map(|l| self.placed_texts(l))
                .collect(),
            order: s.value.order.as_ref().map(|l| self.placed_texts(l)),
            span: place(s, self.source),
        }
    }
}
