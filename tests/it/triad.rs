//! Triad's cards and finder checked against the mathematics, each figure computed here by
//! brute force rather than written in: 1080 triads, one third card for every pair, 40
//! triads through every card, a 20-card collection with no triad that every other card
//! completes, a 12-card table with 14 triads. Then the deal rules against a plain reference
//! implementation of the brief over seeded games.
//!
//! More cases locally: `PROPTEST_CASES=5000 cargo test --release --test triad`.

use proptest::prelude::*;
use trios::games::triad::{
    Card, Game, PickError, count_triads, first_triad, is_triad, shuffled_deck, triads,
    why_not_triad,
};

/// The rule read literally: in every property, all three the same or all three different.
fn reference_triad(a: Card, b: Card, c: Card) -> bool {
    a != b
        && b != c
        && a != c
        && (0..4).all(|p| {
            let (x, y, z) = (a.value(p), b.value(p), c.value(p));
            (x == y && y == z) || (x != y && y != z && x != z)
        })
}

/// Every triad among `cards` by trying every three positions.
fn reference_triads(cards: &[Card]) -> Vec<[usize; 3]> {
    let n = cards.len();
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                if reference_triad(cards[i], cards[j], cards[k]) {
                    out.push([i, j, k]);
                }
            }
        }
    }
    out
}

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

fn all_cards() -> Vec<Card> {
    Card::all().collect()
}

#[test]
fn the_deck_has_81_cards_in_the_documented_order() {
    let deck = all_cards();
    assert_eq!(deck.len(), 81);
    assert_eq!(deck[0].to_string(), "triangle,orange,1,none");
    assert_eq!(deck[1].to_string(), "triangle,orange,1,light");
    assert_eq!(deck[3].to_string(), "triangle,orange,2,none");
    assert_eq!(deck[9].to_string(), "triangle,purple,1,none");
    assert_eq!(deck[27].to_string(), "oval,orange,1,none");
    assert_eq!(deck[80].to_string(), "diamond,green,3,dark");
    // Every card once, and every text reads back as its card.
    for (i, c) in deck.iter().enumerate() {
        assert_eq!(c.index(), i);
        assert_eq!(card(&c.to_string()), *c);
    }
}

#[test]
fn card_text_is_read_forgivingly_and_refused_clearly() {
    assert_eq!(
        card(" Diamond, GREEN ,3,dark "),
        card("diamond,green,3,dark")
    );
    let err = |t: &str| t.parse::<Card>().expect_err(t).to_string();
    assert!(err("diamond,green,3").contains("shape,color,count,fill"));
    assert!(err("circle,green,3,dark").contains("shape is one of triangle, oval, diamond"));
    assert!(err("oval,red,1,none").contains("color is one of orange, purple, green"));
    assert!(err("oval,green,4,none").contains("count is one of 1, 2, 3"));
    assert!(err("oval,green,1,full").contains("fill is one of none, light, dark"));
}

#[test]
fn the_briefs_examples_read_as_it_says() {
    // Three green triangles unshaded, one purple oval dark, two orange diamonds light.
    let a = card("triangle,green,3,none");
    let b = card("oval,purple,1,dark");
    let c = card("diamond,orange,2,light");
    assert!(is_triad(a, b, c));
    let d = card("diamond,green,2,light");
    let e = card("diamond,orange,2,none");
    let f = card("diamond,purple,2,dark");
    assert!(is_triad(d, e, f));
    // Three green diamonds dark, two green ovals dark, one green diamond dark: the shapes
    // fail.
    let cards = [
        card("diamond,green,3,dark"),
        card("oval,green,2,dark"),
        card("diamond,green,1,dark"),
    ];
    assert!(!is_triad(cards[0], cards[1], cards[2]));
    assert_eq!(
        why_not_triad(cards).as_deref(),
        Some("shape: two diamonds and one oval")
    );
    assert_eq!(why_not_triad([a, b, c]), None);
}

#[test]
fn there_are_1080_triads_among_the_81_cards() {
    let deck = all_cards();
    let brute = reference_triads(&deck);
    // 81 * 80 / 6: every pair has one third card, and each triad holds three pairs.
    assert_eq!(brute.len(), 81 * 80 / 6);
    assert_eq!(brute.len(), 1080);
    assert_eq!(count_triads(&deck), brute.len());
    assert_eq!(triads(&deck), brute);
}

#[test]
fn every_pair_is_completed_by_exactly_one_card() {
    let deck = all_cards();
    for &a in &deck {
        for &b in &deck {
            if a == b {
                continue;
            }
            let thirds: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|&c| reference_triad(a, b, c))
                .collect();
            assert_eq!(thirds, vec![a.third(b)], "{a} and {b}");
        }
    }
}

#[test]
fn every_card_is_in_40_triads() {
    let deck = all_cards();
    let brute = reference_triads(&deck);
    for (c, card) in deck.iter().enumerate() {
        let n = brute.iter().filter(|t| t.contains(&c)).count();
        // 80 other cards, paired off by their third cards.
        assert_eq!(n, 80 / 2, "card {card}");
    }
}

/// A largest collection with no triad, by depth-first search in deck order: each card taken
/// rules out every card that would complete a triad with one taken before.
fn capped(size: usize) -> Option<Vec<Card>> {
    fn grow(chosen: &mut Vec<Card>, ruled_out: u128, from: usize, size: usize) -> bool {
        if chosen.len() == size {
            return true;
        }
        let open: Vec<usize> = (from..81).filter(|&c| ruled_out & (1 << c) == 0).collect();
        if chosen.len() + open.len() < size {
            return false;
        }
        for c in open {
            let next = Card::from_index(c).expect("a card");
            let mut out = ruled_out | (1 << c);
            for &taken in chosen.iter() {
                out |= 1 << taken.third(next).index();
            }
            chosen.push(next);
            if grow(chosen, out, c + 1, size) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    let mut chosen = Vec::new();
    grow(&mut chosen, 0, 0, size).then_some(chosen)
}

#[test]
fn a_20_card_collection_holds_no_triad_and_every_other_card_completes_one() {
    let cap = capped(20).expect("a collection of 20 without a triad");
    assert_eq!(cap.len(), 20);
    assert!(reference_triads(&cap).is_empty());
    assert_eq!(count_triads(&cap), 0);
    assert_eq!(first_triad(&cap), None);
    for extra in Card::all().filter(|c| !cap.contains(c)) {
        let mut more = cap.clone();
        more.push(extra);
        assert!(
            !reference_triads(&more).is_empty(),
            "{extra} adds no triad to the 20"
        );
        assert!(count_triads(&more) > 0);
    }
}

#[test]
fn a_12_card_table_can_hold_14_triads() {
    // Greedy: start from the first two cards, then take the card that completes the most
    // pairs already chosen (the first such in deck order).
    let deck = all_cards();
    let mut table = vec![deck[0], deck[1]];
    while table.len() < 12 {
        let best = deck
            .iter()
            .copied()
            .filter(|c| !table.contains(c))
            .max_by_key(|&c| {
                let completes = table
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &a)| table[i + 1..].iter().map(move |&b| (a, b)))
                    .filter(|&(a, b)| a.third(b) == c)
                    .count();
                (completes, std::cmp::Reverse(c.index()))
            })
            .expect("cards left");
        table.push(best);
    }
    let brute = reference_triads(&table);
    assert_eq!(brute.len(), 14, "{table:?}");
    assert_eq!(count_triads(&table), 14);
    assert_eq!(triads(&table), brute);
}

/// The brief's game, written plainly: the reference the engine is checked against. Deals
/// from the front of the shuffled deck; a found triad's places are refilled in ascending
/// order while the deck lasts, then the tableau closes up; while there is no triad and the
/// deck has cards, everything on the tableau goes and up to twelve are dealt.
struct Reference {
    deck: Vec<Card>,
    tableau: Vec<Card>,
    redeals: usize,
}

impl Reference {
    fn new(seed: u64) -> Reference {
        let mut r = Reference {
            deck: shuffled_deck(seed),
            tableau: Vec::new(),
            redeals: 0,
        };
        r.fill();
        r.unstick();
        r
    }

    fn fill(&mut self) {
        while self.tableau.len() < 12 && !self.deck.is_empty() {
            self.tableau.push(self.deck.remove(0));
        }
    }

    fn unstick(&mut self) {
        while !self.deck.is_empty() && reference_triads(&self.tableau).is_empty() {
            self.tableau.clear();
            self.redeals += 1;
            self.fill();
        }
    }

    fn pick(&mut self, mut at: [usize; 3]) {
        at.sort_unstable();
        let mut gone = Vec::new();
        for p in at {
            if self.deck.is_empty() {
                gone.push(p);
            } else {
                self.tableau[p] = self.deck.remove(0);
            }
        }
        for p in gone.into_iter().rev() {
            self.tableau.remove(p);
        }
        self.unstick();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Distinct cards (as on a table) in any order.
    #[test]
    fn triads_among_any_cards_are_the_brute_force_ones(
        picks in proptest::sample::subsequence((0usize..81).collect::<Vec<_>>(), 0..24)
            .prop_shuffle()
    ) {
        let cards: Vec<Card> = picks.iter().map(|&i| Card::from_index(i).expect("a card")).collect();
        let brute = reference_triads(&cards);
        prop_assert_eq!(triads(&cards), brute.clone());
        prop_assert_eq!(count_triads(&cards), brute.len());
        prop_assert_eq!(first_triad(&cards), brute.first().copied());
    }

    #[test]
    fn seeded_games_follow_the_deal_rules_to_the_end(seed in any::<u64>(), choice in any::<u64>()) {
        let mut game = Game::new(seed);
        let mut reference = Reference::new(seed);
        let mut seen: Vec<Card> = game.tableau().to_vec();
        let mut redeals = game.opening_redeals().len();
        let mut step = choice;
        prop_assert_eq!(game.tableau(), reference.tableau.as_slice());
        while first_triad(game.tableau()).is_some() {
            // Any triad on the table, chosen by the case, not always the first.
            let all = triads(game.tableau());
            let at = all[(step % all.len() as u64) as usize];
            step = step.rotate_left(7) ^ 0x9E37_79B9;
            let before: Vec<Card> = game.tableau().to_vec();
            let found = game.pick(at).expect("a triad is taken");
            redeals += found.redeals.len();
            reference.pick(at);
            prop_assert_eq!(game.tableau(), reference.tableau.as_slice());
            prop_assert_eq!(game.deck_left(), reference.deck.len());
            prop_assert_eq!(redeals, reference.redeals);
            // Cards never come back: whatever is new on the table was never seen before.
            for c in game.tableau() {
                if !before.contains(c) {
                    prop_assert!(!seen.contains(c), "{} dealt twice", c);
                    seen.push(*c);
                }
            }
            prop_assert!(game.cards_accounted_for());
            // A re-deal leaves a triad on the table unless the deck ran out.
            prop_assert!(game.deck_left() == 0 || first_triad(game.tableau()).is_some());
            prop_assert!(game.found().len() <= 27);
        }
        // The end by the rules: an empty deck and no triad.
        prop_assert!(game.is_over());
        prop_assert_eq!(game.deck_left(), 0);
        prop_assert!(reference_triads(game.tableau()).is_empty());
        prop_assert_eq!(game.pick([0, 1, 2]), Err(PickError::Over));
    }
}

#[test]
fn a_refused_pick_changes_nothing_and_says_why() {
    let mut game = Game::new(7);
    let before = game.tableau().to_vec();
    let deck = game.deck_left();
    assert!(matches!(
        game.pick([0, 1, 12]),
        Err(PickError::NoSuchPosition { position: 12, .. })
    ));
    assert_eq!(game.pick([3, 3, 4]), Err(PickError::Repeated(3)));
    // Three positions that are not a triad, if the table has such (it nearly always does).
    let not = (0..12)
        .flat_map(|i| (i + 1..12).flat_map(move |j| (j + 1..12).map(move |k| [i, j, k])))
        .find(|&[i, j, k]| !is_triad(before[i], before[j], before[k]))
        .expect("a non-triad");
    match game.pick(not) {
        Err(PickError::NotTriad(reason)) => {
            assert!(
                ["shape", "color", "count", "fill"]
                    .iter()
                    .any(|p| reason.starts_with(p)),
                "{reason}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(game.tableau(), before.as_slice());
    assert_eq!(game.deck_left(), deck);
}

mod race {
    use std::time::Duration;
    use trios::games::triad::race::{Claim, LOCKOUT, Race, Rival};
    use trios::games::triad::{first_triad, is_triad};

    fn race() -> Race {
        Race::new(5, vec!["ann".into(), "bob".into()])
    }

    fn wrong(race: &Race) -> [usize; 3] {
        let t = race.game().tableau();
        (0..12)
            .flat_map(|i| (i + 1..12).flat_map(move |j| (j + 1..12).map(move |k| [i, j, k])))
            .find(|&[i, j, k]| !is_triad(t[i], t[j], t[k]))
            .expect("a non-triad")
    }

    #[test]
    fn the_first_valid_claim_takes_the_triad_and_a_late_one_is_stale() {
        let mut r = race();
        let triad = first_triad(r.game().tableau()).expect("a triad");
        let seen = r.version();
        assert!(matches!(
            r.claim(1, triad, seen, Duration::from_secs(2)),
            Claim::Taken(_)
        ));
        // Ann saw the same table a moment earlier but claims after Bob: nothing happens.
        assert_eq!(
            r.claim(0, triad, seen, Duration::from_secs(2)),
            Claim::Stale
        );
        assert_eq!(r.version(), seen + 1);
        assert_eq!((r.racers()[0].score, r.racers()[1].score), (0, 1));
        assert_eq!(r.standings()[0].name, "bob");
    }

    #[test]
    fn a_wrong_claim_costs_a_point_and_locks_out_for_three_seconds() {
        let mut r = race();
        let at = Duration::from_secs(10);
        let bad = wrong(&r);
        match r.claim(0, bad, r.version(), at) {
            Claim::Wrong { until, .. } => assert_eq!(until, at + LOCKOUT),
            other => panic!("{other:?}"),
        }
        assert_eq!(r.racers()[0].score, -1);
        let triad = first_triad(r.game().tableau()).expect("a triad");
        let v = r.version();
        assert_eq!(
            r.claim(0, triad, v, at + Duration::from_secs(1)),
            Claim::Locked {
                left: Duration::from_secs(2)
            }
        );
        // Bob is not locked out, and Ann is again after three seconds.
        assert!(matches!(
            r.claim(0, triad, v, at + LOCKOUT),
            Claim::Taken(_)
        ));
        assert_eq!(r.racers()[0].score, 0);
        assert_eq!(r.racers()[0].wrong, 1);
    }

    #[test]
    fn rivals_take_longer_the_weaker_they_are_and_repeat_for_a_seed() {
        let r = race();
        let mean = |level: &str| {
            let mut rival = Rival::new(level, 9).expect("a level");
            let total: Duration = (0..200)
                .map(|_| rival.delay(r.game()).expect("a triad to see"))
                .sum();
            total / 200
        };
        let (hard, medium, easy) = (mean("hard"), mean("medium"), mean("easy"));
        assert!(
            hard < medium && medium < easy,
            "{hard:?} {medium:?} {easy:?}"
        );
        let mut a = Rival::new("medium", 4).expect("a level");
        let mut b = Rival::new("medium", 4).expect("a level");
        assert_eq!(a.delay(r.game()), b.delay(r.game()));
        assert_eq!(a.choose(r.game()), b.choose(r.game()));
        let chosen = a.choose(r.game()).expect("a triad");
        let t = r.game().tableau();
        assert!(is_triad(t[chosen[0]], t[chosen[1]], t[chosen[2]]));
        assert!(Rival::new("master", 1).is_err());
    }
}
