"""The card-initiative skirmish table's setting words, in English, Russian and Czech.

One catalogue of words for the settings declared in ``referee.engine.systems.skirmish_cards.settings``:
a label, a help text and the words of each choice (by its code), registered in ``referee.apps``;
kept complete by tests/campaign/test_setting_words.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.lib.setting_words import Catalogue, words

WORDS = Catalogue(
    {
        "scenario": words(_("Scenario"), _("The scenario of the rules pack; empty: its first scenario.")),
        "deck_numbered_copies": words(
            _("Deck numbered copies"),
            _("1: ranks 2-10 once in the faction's colour; 2: in both colours."),
            {1: _("Once, in the faction colour"), 2: _("Twice, in both colours")},
        ),
        "faction_cards_in_deck": words(
            _("Faction cards in deck"), _("The four faction cards J, Q, K, A are shuffled in.")
        ),
        "counter_chain": words(
            _("Counter chain"),
            _("Answers to a played card: keep answering in turn, or two cards at most."),
            {"any_length": _("Any length"), "two": _("Two")},
        ),
        "lasting_card_discard": words(
            _("Lasting card discard"),
            _("A 'this turn' card is discarded in end-of-turn step 1."),
            {"end_of_turn": _("End of turn")},
        ),
        "reshuffle_leftovers": words(
            _("Reshuffle leftovers"), _("Leftover draw-pile cards are shuffled in with the discard.")
        ),
        "initiative_cards_count_for_draw": words(
            _("Initiative cards count for draw"),
            _("Placing, revealing, swapping or discarding initiative cards counts as using a card."),
        ),
        "first_card_placement": words(
            _("First card placement"),
            _("First cards hidden until all have placed, or placed face up in seat order."),
            {"simultaneous": _("Simultaneous"), "open": _("Open")},
        ),
        "roll_off_die": words(
            _("Roll off die"), _("The roll-off die."), {"d6": _("D6"), "d10": _("D10"), "d20": _("D20")}
        ),
        "roll_off_reroll_ties": words(_("Roll off reroll ties"), _("Tied roll-offs are rolled again.")),
        "same_player_ties": words(
            _("Same player ties"), _("Who orders one player's tied cards."), {"owner_chooses": _("Owner chooses")}
        ),
        "swap_partner": words(
            _("Swap partner"),
            _("The lowest-card swap partner: any character or own only."),
            {"any": _("Any"), "own": _("Own")},
        ),
        "joker_ranked_for_swap": words(_("Joker ranked for swap"), _("The Joker can be 'the lowest card'.")),
        "removed_card_discard": words(
            _("Removed card discard"),
            _("When the card of a character removed before it activated is discarded."),
            {"at_once": _("At once"), "end_of_turn": _("End of turn")},
        ),
        "fewer_actions_allowed": words(_("Fewer actions allowed"), _("Fewer than three actions may be declared.")),
        "action_budget": words(_("Action budget"), _("Actions per activation.")),
        "aim_bonus": words(_("Aim bonus"), _("The Aim modifier (CONFIG).")),
        "aim_max": words(_("Aim max"), _("The most Aim bonus a character can hold.")),
        "aim_expires_end_of_turn": words(
            _("Aim expires end of turn"), _("An unused Aim bonus is lost at end of turn.")
        ),
        "mounted_shooter_modifier": words(_("Mounted shooter modifier"), _("Shooter mounted (CONFIG).")),
        "boss_target_modifier": words(
            _("Boss target modifier"), _("Target is a Boss and the shooter is not (CONFIG).")
        ),
        "movement_marker_modifier": words(_("Movement marker modifier"), _("Per target movement marker (CONFIG).")),
        "solid_cover_modifier": words(_("Solid cover modifier"), _("Solid cover, applied to the roll (CONFIG).")),
        "obscured_modifier": words(
            _("Obscured modifier"), _("The modifier for an obscured target; empty: no figure, enter it at the table.")
        ),
        "out_of_ammo_on": words(
            _("Out of ammo on"),
            _("Out of ammo on a natural or a modified 1."),
            {"natural": _("Natural"), "modified": _("Modified")},
        ),
        "nearest_target_fail": words(
            _("Nearest target fail"),
            _("Failing the nearest-target test: target the nearest, no marker."),
            {"must_target_nearest": _("Must target nearest"), "marker_and_nearest": _("Marker and nearest")},
        ),
        "shooting_result_entry": words(
            _("Shooting result entry"),
            _("Shooting results entered by hand or read from the league's table."),
            {"manual": _("Manual"), "league_table": _("League table")},
        ),
        "high_ground_fall_markers": words(
            _("High ground fall markers"), _("Markers beyond the failure marker when a character on high ground falls.")
        ),
        "fall_damage_modified": words(_("Fall damage modified"), _("Fall-damage rolls take modifiers.")),
        "fall_random_bearing": words(
            _("Fall random bearing"), _("Roll a random bearing (d8 compass point) for a fall.")
        ),
        "duck_back_cm": words(_("Duck back cm"), _("How far a Duck Back goes, mounted too.")),
        "duck_back_shot": words(
            _("Duck back shot"),
            _("The one shot after a Duck Back."),
            {"ignores_los_and_range": _("Ignores los and range")},
        ),
        "duck_back_vs_hth": words(_("Duck back vs hth"), _("Duck Back before a charging Move.")),
        "bnt_repeats": words(_("Big Nerve Test repeats"), _("The Big Nerve Test repeats each turn while due.")),
        "bnt_stress_from": words(
            _("Big Nerve Test stress from"),
            _("Whose stress sets the target."),
            {"in_play": _("In play"), "all": _("All")},
        ),
        "bnt_nerve_modifiers": words(
            _("Big Nerve Test modifiers"), _("The nerve test modifiers apply to the Big Nerve Test.")
        ),
        "hth_marker_sign": words(
            _("Hand-to-hand marker sign"),
            _("Sign of the per-enemy-marker HtH modifier."),
            {1: _("Plus one per enemy marker"), -1: _("Minus one per enemy marker")},
        ),
        "charged_winner_keeps_card": words(
            _("Charged winner keeps card"), _("A charged character that wins round one keeps its card.")
        ),
        "survivor_actions": words(_("Survivor actions"), _("Actions a HtH survivor takes (never more than remain).")),
        "howl_once_per_turn": words(_("Howl once per turn"), _("Howl only at the first wolf activation of a turn.")),
        "howl_marker_never_removes": words(
            _("Howl marker never removes"), _("A Howl marker is not placed if it would remove the character.")
        ),
        "leap_max_moves": words(_("Leap max moves"), _("A Leap uses one Move per started 10 cm, at most this many.")),
        "baron": words(_("Baron"), _("Which character is 'the Baron'; empty: the scenario's, or none.")),
        "scavenger_heal_below": words(
            _("Scavenger heal below"), _("The scavengers' target 'heals' below this many markers.")
        ),
        "horse_passengers": words(_("Horse passengers"), _("Passengers a horse carries besides its rider.")),
        "riders_in_buildings": words(_("Riders in buildings"), _("Riders may enter buildings (agreed at setup).")),
        "creature_control": words(
            _("Creature control"),
            _("Who controls the scenario's creatures."),
            {"gm_or_house": _("The GM or the house"), "named_player": _("Named player")},
        ),
        "reshuffle_on_empty_draw": words(
            _("Reshuffle on empty draw"), _("A draw or deal from an empty pile reshuffles the discard first.")
        ),
        "profile_hp": words(_("Hit points per profile"), _("HP per character profile (no default).")),
        "profile_stress": words(_("Profile stress"), _("Stress per character profile (no default).")),
        "hand_size": words(_("Hand size"), _("Hand size per faction (no default).")),
    }
)
