"""The weekly-moves campaign's setting words, in English, Russian and Czech.

One catalogue of words for the settings declared in ``referee.engine.systems.weekly_moves.settings``:
a label, a help text and the words of each choice (by its code), registered in ``campaign.weekly.apps``;
kept complete by tests/campaign/test_setting_words.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.lib.setting_words import Catalogue, words

WORDS = Catalogue(
    {
        "moves_per_week": words(_("Moves per week"), _("Moves (not free actions) each actor may submit per week.")),
        "free_actions_per_week": words(
            _("Free actions per week"), _("Free actions per player per week; empty: any number.")
        ),
        "free_action_timing": words(
            _("Free action timing"),
            _("Where a free action goes when its author did not say: before or after their move."),
            {"before": _("Before"), "after": _("After")},
        ),
        "default_move": words(
            _("Default move"),
            _("What a player who sent nothing does."),
            {"none": _("None"), "ingredient_search": _("Ingredient search"), "call_of_duty": _("Call of duty")},
        ),
        "decision_mode": words(
            _("Decision mode"),
            _("A decision nobody pre-declared: pause for the answer, or let the engine take the first valid option."),
            {"pause": _("Pause"), "auto": _("Auto")},
        ),
        "on_invalid_at_resolution": words(
            _("On invalid at resolution"),
            _("A move invalid by the time it resolves: ask for a replacement, or lose it."),
            {"replace": _("Replace"), "lose": _("Lose")},
        ),
        "replacement_hours": words(
            _("Hours to replace an invalid move"),
            _("Hours an actor has to send a replacement for a move that became invalid; then the move is lost."),
        ),
        "submission_info_check": words(
            _("Submission info check"), _("Check info requirements at submission against the info held then.")
        ),
        "steal_choice": words(
            _("Steal choice"),
            _("How a spy (or a killer) chooses loot: from the stash list shown to them only, or blind (random)."),
            {"stash_list": _("Stash list"), "blind": _("Blind")},
        ),
        "spy_target_told_on_success": words(
            _("Spy target told on success"), _("Whether a spied-on target learns of a hit.")
        ),
        "combat_target_learns_attacker": words(
            _("Combat target learns attacker"), _("Whether a combat target learns who attacked.")
        ),
        "spy_miss_requirements": words(
            _("Spy miss requirements"),
            _(
                "After a Spying miss, the target's pick must meet the info requirements "
                "(Info(target->spy), week-1 limit)."
            ),
        ),
        "info_cap": words(_("Info cap"), _("Highest info level one player can hold about another.")),
        "steal_counts_same_move_info": words(
            _("Steal counts same move info"), _("Info gained by an earlier pick of the same move counts toward Steal.")
        ),
        "preparedness_floor": words(_("Preparedness floor"), _("Lowest Preparedness outside Troubles.")),
        "preparedness_max": words(_("Preparedness max"), _("Highest Preparedness; empty: no maximum.")),
        "debt_floor": words(_("Debt floor"), _("Lowest Debt.")),
        "debt_cap": words(_("Debt cap"), _("Highest Debt (Troubles never push past it).")),
        "debt_cap_global": words(_("Debt cap global"), _("The Debt cap binds every rule, not only Troubles.")),
        "combat_companion_choice": words(
            _("Combat companion choice"),
            _("Which companion a Wound pick hits: the picker's choice, or random."),
            {"picker": _("Picker"), "random": _("Random")},
        ),
        "death_rule": words(
            _("Death rule"),
            _(
                "How a player dies: only by GM ruling (Preparedness reaching the floor is flagged), "
                "or automatically when Preparedness reaches the floor."
            ),
            {"gm": _("The GM"), "preparedness_floor": _("Preparedness floor")},
        ),
        "ritual_counts_dead": words(
            _("Ritual counts dead"), _("Computing the Ritual needs shelter info on dead players too.")
        ),
        "troubles_random_excludes_inactive": words(
            _("Troubles random excludes inactive"),
            _("Troubles results 3 and 6 never pick a dead player or one out of the Game."),
        ),
        "contradiction_scope": words(
            _("Contradiction scope"),
            _(
                "What a Troubles result may not contradict: everything the actor submitted this "
                "week, or only the move that caused it."
            ),
            {"week": _("Week"), "move": _("Move")},
        ),
        "contradiction_by_analogy": words(
            _("Contradiction by analogy"), _("Result 1 is skipped while the actor raises their own Preparedness.")
        ),
        "troubles_companion_choice": words(
            _("Troubles companion choice"),
            _("Which healthy companion result 2 wounds: the affected player's choice, or random."),
            {"affected": _("Affected"), "random": _("Random")},
        ),
        "week1_info_limit_all_sources": words(
            _("Week1 info limit all sources"), _("The week-1 limit of 1 info binds every source, not only Spying.")
        ),
        "invalid_info_scope": words(
            _("Invalid info scope"),
            _(
                "An invalidated holding counts as no info for the rules that need the shelter "
                "(combat, Call of duty, Ritual) or for every rule."
            ),
            {"shelter": _("Shelter"), "all": _("All")},
        ),
        "xp_max": words(_("Highest XP"), _("Highest XP; empty: no maximum.")),
        "companion_move_kinds": words(
            _("Companion move kinds"),
            _("Which move types a companion may take."),
            {
                "deadly_combat": _("Deadly combat"),
                "preparation": _("Preparation"),
                "help": _("Help"),
                "spying": _("Spying"),
                "call_of_duty": _("Call of duty"),
                "ingredient_search": _("Ingredient search"),
                "exchange": _("Exchange"),
            },
        ),
        "companion_stats": words(
            _("Companion stats"),
            _("A companion rolls with its own stats (0 when unset) or its master's."),
            {"own": _("Its own stats"), "master": _("Its master's stats")},
        ),
        "companion_info": words(
            _("Companion info"),
            _("Whose info a companion acts with: its master's holdings or its own."),
            {"master": _("Its master's info"), "own": _("Its own info")},
        ),
        "companion_prep_source": words(
            _("Companion prep source"),
            _("Whose ingredient a companion's Preparation spends."),
            {"master": _("Its master's ingredient"), "own": _("Its own ingredient")},
        ),
        "help_miss": words(
            _("Help miss"),
            _("On a Help miss the helped roll still stands, or the miss replaces it."),
            {"as_well": _("As well"), "instead": _("Instead")},
        ),
        "exchange_items_per_side": words(_("Exchange items per side"), _("Items each side offers in one Exchange.")),
        "exchange_info": words(
            _("Exchange info"),
            _("Who must hold at least 1 info on the other: either side, or both."),
            {"either": _("Either"), "both": _("Both")},
        ),
        "services_refusable": words(_("Services refusable"), _("Whether a promised service may be refused.")),
        "ritual_relay_allowed": words(
            _("Ritual relay allowed"), _("A Ritual location received by Exchange may be passed on.")
        ),
        "ingredient_choice": words(
            _("Ingredient choice"),
            _("Who picks a found ingredient: drawn from the catalogue, or the GM."),
            {"random": _("Random"), "gm": _("The GM")},
        ),
        "ingredient_catalogue": words(
            _("Ingredient catalogue"),
            _("The ingredients to find, separated by commas; empty: the rules pack's catalogue."),
        ),
    }
)
