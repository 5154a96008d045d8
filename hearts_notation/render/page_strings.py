"""The HTML replay page's own words, in one table.

Everything the page says in its own voice (button titles, headings, the
sentences of each step, the names of the marks) comes from :data:`STRINGS`
through :func:`page_strings`; the page's script holds no word of any
language.  A message catalog can later fill the same keys: :func:`page_strings`
takes the English table as the reference (every key the page needs) and lays
the chosen language over it, so a language that lacks a key still shows
English words rather than a blank, and a test checks that English and French
have the same keys.

Placeholders are ``{who}``, ``{card}``, ``{cards}``, ``{to}``, ``{n}``, ``{se}``:
the page formats them itself, so translators may move them freely.
"""

from __future__ import annotations

#: Message id -> text, per language.  English is the reference.
STRINGS: dict[str, dict[str, str]] = {
    "en": {
        # Navigation and headings.
        "deal": "Deal", "game": "Game", "trick": "Trick", "step": "Step",
        "start": "Start of the deal (Home)", "back": "Back (←)", "forward": "Forward (→)",
        "end": "End of the deal (End)", "prev_mistake": "Previous mistake (P)",
        "next_mistake": "Next mistake (N)", "mistakes": "Mistakes",
        "reveal": "Show everything", "picker": "Deal", "table": "The table",
        "controls": "Step through the deal",
        "play_list": "The play", "running": "Points this deal", "scores": "Scores",
        "total": "Total", "winners": "Winner: {who}", "winners_many": "Winners: {who}",
        "game_over": "Game over.", "comment": "Comment", "findings": "Referee",
        "help": "← → or swipe: step · Home/End: start/end of the deal · N/P: next/previous "
                "mistake · the seat to move has its legal cards raised",
        "unknown": "hand not known", "inferred": "from the play",
        "pass_line": "pass {who}:", "diagram": "The deal as dealt", "to_come": "not played yet",
        # Steps (the Python side fills these in; "2" forms address "you").
        "dealt": "Deal {n}: the hands as dealt", "received": "The passes are made: the hands in play",
        "passes": "{who} passes {cards} to {to}", "passes_nowhere": "{who} passes {cards}",
        "leads": "{who} leads {card}", "plays": "{who} plays {card}", "discards": "{who} discards {card}",
        "wins": "{who} wins the trick", "points": "{n} points", "point": "1 point",
        "passes2": "{who} pass {cards} to {to}", "leads2": "{who} lead {card}",
        "plays2": "{who} play {card}", "discards2": "{who} discard {card}",
        "wins2": "{who} win the trick", "passes_nowhere2": "{who} pass {cards}",
        "you": "You", "you_object": "you",
        "nopoints": "no points", "broken": "Hearts are broken.", "queen": "The queen of spades falls.",
        "tomove": "To play: {who}", "topass": "To pass: {who}",
        "finished": "Deal over", "moon": "{who} shot the moon.",
        "hold": "no passing", "left": "pass left", "right": "pass right", "across": "pass across",
        # Marks and the analysis.
        "mark_!!": "brilliant", "mark_!": "good move", "mark_!?": "interesting",
        "mark_?!": "dubious", "mark_?": "mistake", "mark_??": "blunder",
        "loss": "costs {n} points on average (± {se})", "best": "better: {cards}",
        "severity_error": "error", "severity_warning": "warning", "severity_info": "note",
        "colon": ": ", "decimal": ".",
    },
    "fr": {
        "deal": "Donne", "game": "Partie", "trick": "Pli", "step": "Étape",
        "start": "Début de la donne (Début)", "back": "Reculer (←)", "forward": "Avancer (→)",
        "end": "Fin de la donne (Fin)", "prev_mistake": "Erreur précédente (P)",
        "next_mistake": "Erreur suivante (N)", "mistakes": "Erreurs",
        "reveal": "Tout montrer", "picker": "Donne", "table": "La table",
        "controls": "Avancer dans la donne",
        "play_list": "Le jeu", "running": "Points de la donne", "scores": "Scores",
        "total": "Total", "winners": "Gagnant : {who}", "winners_many": "Gagnants : {who}",
        "game_over": "Partie terminée.", "comment": "Commentaire", "findings": "Arbitre",
        "help": "← → ou glisser : pas à pas · Début/Fin : début/fin de la donne · N/P : erreur "
                "suivante/précédente · les cartes jouables du joueur au trait sont levées",
        "unknown": "main inconnue", "inferred": "d'après le jeu",
        "pass_line": "passe {who} :", "diagram": "La donne distribuée", "to_come": "pas encore joué",
        "dealt": "Donne {n} : les mains distribuées", "received": "L'échange est fait : les mains en jeu",
        "passes": "{who} passe {cards} à {to}", "passes_nowhere": "{who} passe {cards}",
        "leads": "{who} entame {card}", "plays": "{who} joue {card}", "discards": "{who} défausse {card}",
        "wins": "{who} remporte le pli", "points": "{n} points", "point": "1 point",
        "passes2": "{who} passez {cards} à {to}", "leads2": "{who} entamez {card}",
        "plays2": "{who} jouez {card}", "discards2": "{who} défaussez {card}",
        "wins2": "{who} remportez le pli", "passes_nowhere2": "{who} passez {cards}",
        "you": "Vous", "you_object": "vous",
        "nopoints": "sans point", "broken": "Les cœurs sont ouverts.",
        "queen": "La dame de pique tombe.",
        "tomove": "À jouer : {who}", "topass": "À passer : {who}",
        "finished": "Donne terminée", "moon": "{who} fait capot.",
        "hold": "pas d'échange", "left": "passe à gauche", "right": "passe à droite",
        "across": "passe en face",
        "mark_!!": "coup brillant", "mark_!": "bon coup", "mark_!?": "coup intéressant",
        "mark_?!": "coup douteux", "mark_?": "erreur", "mark_??": "gaffe",
        "loss": "coûte {n} points en moyenne (± {se})", "best": "mieux : {cards}",
        "severity_error": "erreur", "severity_warning": "avertissement", "severity_info": "note",
        "colon": " : ", "decimal": ",",
    },
}

LANGUAGES: tuple[str, ...] = tuple(STRINGS)


def page_strings(lang: str) -> dict[str, str]:
    """Every word of the page in *lang*, English where *lang* lacks one."""
    out = dict(STRINGS["en"])
    out.update(STRINGS.get(lang, {}))
    return out
