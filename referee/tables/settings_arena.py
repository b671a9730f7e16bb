"""The arena duel table's setting words, in English, Russian and Czech.

One catalogue of words for the settings declared in ``referee.engine.systems.arena_duel.settings``:
a label, a help text and the words of each choice (by its code), registered in ``referee.apps``;
kept complete by tests/campaign/test_setting_words.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.lib.setting_words import Catalogue, words

WORDS = Catalogue(
    {
        "gm_sees_hidden": words(
            _("The GM sees hidden values"), _("The seated GM sees every hidden value (the arena default).")
        ),
        "fight_bennies": words(_("Fight bennies"), _("Bennies each fighter receives when the duel opens.")),
        "persistent_benny_uses": words(
            _("Persistent benny uses"),
            _("A persistent benny is spent once, or works once in every duel."),
            {"once": _("Once"), "per_duel": _("Per duel")},
        ),
        "benny_counts_private": words(
            _("Benny counts private"), _("Benny and reroll counts go to the fighter and the GM only.")
        ),
        "crit_fail_reroll": words(_("Crit fail reroll"), _("A critical failure may be rerolled with a benny.")),
        "soak_rule": words(
            _("Soak rule"),
            _("Soaking wounds with a benny: SWD, or no soak rolls."),
            {"swd": _("Savage Worlds Deluxe"), "none": _("None")},
        ),
        "reroll_keeps": words(
            _("Reroll keeps"),
            _("After rerolls, the best or the last result counts."),
            {"best": _("Best"), "last": _("Last")},
        ),
        "announce_shows_total": words(
            _("Announce shows total"), _("The GM's announcement shows the kept total, not only the effect.")
        ),
        "opposed_tie": words(
            _("Opposed tie"),
            _("Equal opposed totals: both roll again, or the GM rules."),
            {"reroll": _("Reroll"), "gm": _("The GM")},
        ),
        "target_number": words(_("Target number"), _("The target number of a plain trait roll.")),
        "unskilled_die": words(
            _("Unskilled die"),
            _("The die rolled for a skill the fighter lacks."),
            {4: _("d4"), 6: _("d6"), 8: _("d8"), 10: _("d10"), 12: _("d12")},
        ),
        "unskilled_modifier": words(_("Unskilled modifier"), _("The modifier of an unskilled roll.")),
        "prep_order": words(
            _("Order of the preparation steps"),
            _("The order of the preparation steps."),
            {
                "prep_info": _("Information rolls"),
                "prep_gambling": _("Gambling"),
                "prep_bans": _("Bans"),
                "prep_selection": _("Weapon selection"),
                "prep_final": _("Poison and will duels"),
            },
        ),
        "knowledge_magic_anytime": words(
            _("Knowledge magic anytime"),
            _("Knowledge (Magic) may be rolled in any preparation step, not only the first."),
        ),
        "info_attempts": words(_("Info attempts"), _("Notice and Knowledge (Magic) attempts per fighter, each.")),
        "notice_chooser": words(
            _("Notice chooser"),
            _("Who picks the trait a Notice reveals."),
            {"roller": _("Roller"), "random": _("Random")},
        ),
        "magic_raise_shows_die": words(
            _("Magic raise shows die"), _("A Knowledge (Magic) raise shows the skill's die.")
        ),
        "winner_ban_mandatory": words(_("Winner ban mandatory"), _("The Gambling winner must make its first ban.")),
        "selection_order": words(
            _("Selection order"),
            _("Without the winner's request: both choose hidden at once, or the loser first."),
            {"simultaneous": _("Simultaneous"), "loser_first": _("Loser first")},
        ),
        "load_per_strength": words(_("Load per strength"), _("The weight warned about: this times the Strength die.")),
        "poison_failure_told": words(
            _("Poison failure told"), _("The opponent learns of a failed poison attempt (not the poisoned weapon).")
        ),
        "will_duel_results": words(
            _("Will duel results"),
            _("Tests of will: SWD (success +2, raise Shaken), or the GM rules the effect."),
            {"swd": _("Savage Worlds Deluxe"), "gm": _("The GM")},
        ),
        "will_range_unit": words(
            _("Will range unit"),
            _("Taunt and Intimidation range: the die in squares, or unlimited."),
            {"squares": _("Squares"), "none": _("None")},
        ),
        "arena_geometry": words(
            _("Arena geometry"),
            _("A lane of 24 squares, or distances the GM enters."),
            {"lane": _("Lane"), "gm": _("The GM")},
        ),
        "lane_length": words(_("Lane length"), _("Squares between the two starting squares.")),
        "pace": words(_("Pace"), _("Squares a fighter may move in a turn (the GM rules on running).")),
        "ready_counts_as_action": words(_("Ready counts as action"), _("Readying a weapon is an action.")),
        "stealth_range": words(_("Stealth range"), _("The distance from which Stealth's ranged bonus applies.")),
        "stealth_long_range": words(
            _("Stealth long range"), _("That distance when the opponent has a listed skill or edge.")
        ),
        "stealth_counter_traits": words(
            _("Stealth counter traits"), _("Skills and edges of the opponent that raise the Stealth distance (empty).")
        ),
        "declaration_public_part": words(
            _("Declaration public part"),
            _("The public part of a declaration: shown to the opponent, or to the GM only."),
            {"shown": _("Shown"), "gm_only": _("The GM only")},
        ),
        "declaration_locked": words(_("Declaration locked"), _("A declaration cannot change once submitted.")),
        "hold_lasts": words(
            _("Hold lasts"),
            _("An untriggered hold lapses when the holder's next turn begins, or stays until used."),
            {"next_turn": _("Next turn"), "until_used": _("Until used")},
        ),
        "shaken_recovery": words(
            _("Shaken recovery"),
            _(
                "A successful Spirit roll ends Shaken and the fighter acts (SWD 2015), or only a "
                "raise lets it act (SWD as printed)."
            ),
            {"success_acts": _("Success acts"), "raise_to_act": _("Raise to act")},
        ),
        "multi_action_penalty": words(_("Multi action penalty"), _("The penalty per extra action.")),
        "helmet_chance": words(_("Helmet chance"), _("Percent of head hits a plain helmet's +3 applies to.")),
        "ritual_skills": words(
            _("Ritual skills"), _("Skills the ritual may use; empty: the GM names the skill at the table.")
        ),
    },
    refusals={
        "each_once": _("Name each preparation step exactly once."),
        "prep_sequence": _("Gambling decides the bans, and the bans the selection: keep that order."),
        "prep_final_last": _(
            "Poison goes on a selected weapon and the will duels come last: keep the final step last."
        ),
    },
)
