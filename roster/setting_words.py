"""The Mordheim campaign's setting words (the league's rulings of the spec's [INTERP]/[DISC] items).

One catalogue of words for the settings declared in ``referee.engine.systems.mordheim.state.MordheimSettings``:
a label, a help text and the words of each choice (by its code), registered in ``roster.apps``; kept complete
by tests/campaign/test_setting_words.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.lib.setting_words import Catalogue, words

WORDS = Catalogue(
    {
        "arm_wound_restriction": words(
            _("Arm wound restriction"),
            _("What a Hero whose arm was amputated may still fight with."),
            {
                "single_one_handed_weapon": _("A single one-handed weapon"),
                "one_handed_weapons_only": _("One-handed weapons only"),
            },
        ),
        "second_blinding_retires": words(
            _("Second blinding retires"), _("A Hero blinded in his second eye retires from the warband.")
        ),
        "retired_hero_equipment": words(
            _("Retired hero equipment"),
            _("What becomes of a retired Hero's equipment."),
            {"lost": _("It is lost"), "stash": _("It goes to the stash")},
        ),
        "old_battle_wound_roll_each": words(
            _("Old battle wound roll each"),
            _("Before each battle, one D6 for every Old Battle Wound (off: one roll however many)."),
        ),
        "pit_loser_keeps_other_equipment": words(
            _("Pit loser keeps other equipment"),
            _("A Hero who loses a pit fight keeps his equipment other than weapons and armour."),
        ),
        "missed_games_stack": words(
            _("Missed games stack"), _("Several “misses the next game” results add up (off: he misses one game).")
        ),
        "captive_gains_battle_xp": words(
            _("A captive gains battle experience"),
            _("A captured Hero still earns the experience of the battle he survived."),
        ),
        "underdog_requires_survival": words(
            _("Underdog requires survival"), _("The underdog bonus goes only to warriors who earn survival experience.")
        ),
        "rating_henchman_xp_per_model": words(
            _("Henchman experience per model in the rating"),
            _("A Henchman group's experience counts once per model in the rating."),
        ),
        "reroll_guard": words(
            _("Reroll guard"),
            _("Re-rolls tried for a “roll again until” result before it is given up (an advance is then lost)."),
        ),
        "allow_incompatible_skills": words(
            _("Allow incompatible skills"), _("A Hero may own two skills that exclude each other (with a warning).")
        ),
        "haggle_uses_per_hero": words(
            _("Haggle uses per hero"), _("How often each Hero with Haggle may use it in one post-battle sequence.")
        ),
        "wyrdstone_hunter_rerolls_stack": words(
            _("Wyrdstone hunter rerolls stack"),
            _("Each searching Wyrdstone Hunter gives a re-roll (off: one re-roll for the warband)."),
        ),
        "exploration_max_dice_kept": words(
            _("Exploration max dice kept"), _("The most exploration dice a warband keeps after a battle.")
        ),
        "exploration_absent_heroes_roll": words(
            _("Exploration absent heroes roll"), _("Heroes who sat the battle out add an exploration die.")
        ),
        "wyrdstone_sale_hired_swords_count": words(
            _("Wyrdstone sale hired swords count"),
            _("Hired Swords count towards the warband's size when selling wyrdstone."),
        ),
        "wyrdstone_sale_count_missing": words(
            _("Wyrdstone sale count missing"),
            _("Heroes missing games count towards the warband's size when selling wyrdstone."),
        ),
        "wyrdstone_hunt_xp_per_counter": words(
            _("Wyrdstone Hunt experience per counter"),
            _("In Wyrdstone Hunt, one experience point for every counter carried (off: one per carrier)."),
        ),
        "wyrdstone_counter_edge_strict": words(
            _("Wyrdstone counter edge strict"),
            _('Wyrdstone counters are placed more than 10" from a table edge (off: at least 10").'),
        ),
        "hidden_treasure_sword_need": words(
            _("Hidden treasure sword need"), _("The D6 score needed to find the sword in the Hidden Treasure chest.")
        ),
        "occupy_max_turns": words(_("Occupy max turns"), _("Turns each player plays in the Occupy scenario.")),
        "unattributed_ooa_counts": words(
            _("Unattributed out-of-action counts"),
            _(
                "In a game of two warbands, an enemy Hero taken out of action by no recorded model counts for the "
                "other side."
            ),
        ),
        "halfling_initiative_max": words(
            _("Halfling initiative max"), _("The highest Initiative a Halfling can reach.")
        ),
        "gor_uses_candidate_maximum": words(
            _("Gor uses candidate maximum"), _("A Gor uses the first source's maximum profile, which is not verified.")
        ),
    }
)
