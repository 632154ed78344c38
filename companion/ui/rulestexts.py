"""The rules at a tap: a short text for each card kind, score category and phase.

Data only, no drawing. `TEXTS` maps a topic key to each language's title and
text; `help_text` picks one. Topic keys use the engine's own strings behind a
prefix:

- ``kind:<kind>`` for each card kind of the catalogue (`companion.engine.cards.KINDS`),
  and ``merchant:<good>`` for each merchant (`card_topic` picks the right one);
- ``score:<category>`` for each score category of the final scoring, and ``score:total``;
- ``phase:<phase>`` for each phase of the engine, and ``phase:income``
  (paid when Loading ends, shown as a screen of its own);
- ``topic:fire`` (how a fire is resolved), ``topic:market_hall`` (what the
  market hall may do) and ``topic:last_round`` (how the game ends).

The texts are written from the rulebooks, the German original winning a
disagreement, and say what the engine applies (docs/rules.md). Each language
uses its rulebook's terms (docs/look-and-feel.md, "Words"). They never state a
printed card value, since most are unconfirmed placeholders (docs/cards.md).
"""

from __future__ import annotations

from collections.abc import Iterable

Entry = dict[str, str]
Texts = dict[str, dict[str, Entry]]


def _t(title: str, text: str) -> Entry:
    return {"title": title, "text": text}


TEXTS: Texts = {
    # --- card kinds ---------------------------------------------------------------
    "kind:ship": {
        "en": _t("Ship",
                 "When a ship is turned up, 3 cubes are drawn blindly from the bag onto it. If "
                 "you buy it, you must unload them all in this round's Loading: onto a "
                 "contract, to a merchant, into your warehouse or your market hall. Cubes you "
                 "do not place go to the stock. The empty ship stays with you and counts for "
                 "the Port."),
        "de": _t("Schiff",
                 "Ein aufgedecktes Schiff bekommt 3 zufällige Warensteine aus dem Beutel. "
                 "Kaufst du es, musst du es in der Verladung derselben Runde ganz entladen: "
                 "auf einen Auftrag, an einen Kaufmann, ins Lager oder in die Markthalle. "
                 "Was übrig bleibt, kommt in den Vorrat. Das leere Schiff bleibt bei dir und "
                 "zählt für den Hafen."),
        "fr": _t("Navire",
                 "Un navire révélé reçoit 3 cubes tirés au hasard du sac. Si vous l'achetez, "
                 "vous devez le décharger entièrement pendant le Chargement du même tour : sur "
                 "un contrat, à un marchand, dans votre entrepôt ou votre marché. Les cubes non "
                 "utilisés vont au stock. Le navire vide reste devant vous et compte pour le "
                 "Port."),
    },
    "kind:contract": {
        "en": _t("Contract",
                 "During Loading, put cubes from a ship, your warehouse or your market hall on "
                 "the matching symbols, a few at a time if you like. Cubes on a contract never "
                 "come off. At the end a complete contract scores 5, 8 or 11 points (2, 3 or 4 "
                 "goods); an incomplete one scores nothing."),
        "de": _t("Auftrag",
                 "Lege in der Verladung Warensteine von Schiffen, aus dem Lager oder der "
                 "Markthalle auf die passenden Symbole, gern auch nach und nach. Steine auf "
                 "einem Auftrag bleiben dort. Am Spielende bringt ein vollständiger Auftrag 5, "
                 "8 oder 11 Punkte (2, 3 oder 4 Waren), ein unvollständiger nichts."),
        "fr": _t("Contrat",
                 "Pendant le Chargement, placez des cubes pris d'un navire, de votre entrepôt "
                 "ou de votre marché sur les symboles correspondants, petit à petit si vous "
                 "voulez. Un cube posé sur un contrat n'en sort plus. En fin de partie, un "
                 "contrat complet rapporte 5, 8 ou 11 PV (2, 3 ou 4 marchandises) ; un contrat "
                 "incomplet ne rapporte rien."),
    },
    "kind:fireman": {
        "en": _t("Fireman",
                 "Each fireman has a value from 1 to 5. When a fire breaks out, the values of "
                 "your firemen are added up: the highest sum gains points, the lowest loses "
                 "them. Firemen score nothing at the end."),
        "de": _t("Feuerwehrmann",
                 "Jeder Feuerwehrmann hat einen Wert von 1 bis 5. Bei einem Brand zählt die "
                 "Summe deiner Feuerwehrmänner: die höchste Summe bekommt Punkte, die "
                 "niedrigste verliert Punkte. Am Spielende bringen Feuerwehrmänner nichts."),
        "fr": _t("Caserne",
                 "Chaque caserne a une valeur de 1 à 5. Lors d'un incendie, on additionne les "
                 "valeurs de vos casernes : le total le plus haut gagne des PV, le plus bas en "
                 "perd. Les casernes ne rapportent rien en fin de partie."),
    },
    "kind:fire": {
        "en": _t("Fire",
                 "There are four fires: one each in Spring, Summer and Autumn, and the 4th "
                 "fire after the last round. A fire is resolved the moment it is revealed and "
                 "takes no water space; another card is revealed in its place. It is worth the "
                 "points printed on it."),
        "de": _t("Brand",
                 "Es gibt vier Brände: je einen im Frühling, Sommer und Herbst und den 4. Brand "
                 "nach der letzten Runde. Ein Brand wird sofort beim Aufdecken abgewickelt und "
                 "belegt kein Wasserfeld; an seiner Stelle wird eine neue Karte aufgedeckt. Er "
                 "ist so viele Punkte wert, wie auf ihm stehen."),
        "fr": _t("Incendie",
                 "Il y a quatre incendies : un au Printemps, un en Été, un en Automne, et le "
                 "4ème incendie après le dernier tour. Un incendie est résolu dès qu'il est "
                 "révélé et n'occupe pas de case ; une autre carte est révélée à sa place. Il "
                 "vaut le nombre de PV inscrit sur la carte."),
    },
    "kind:counting_office": {
        "en": _t("Counting office",
                 "Counting offices score at the end of the game, more the more you own: 1 "
                 "office 2 points, 2 offices 5, 3 offices 9, all 4 offices 14. There are 4 "
                 "in the game."),
        "de": _t("Kontor",
                 "Kontore bringen am Spielende Punkte, umso mehr, je mehr du besitzt: 1 Kontor "
                 "2 Punkte, 2 Kontore 5, 3 Kontore 9, alle 4 Kontore 14. Es gibt 4 Kontore im "
                 "Spiel."),
        "fr": _t("Bureau de comptage",
                 "Les bureaux de comptage rapportent des PV en fin de partie, d'autant plus que "
                 "vous en possédez : 1 bureau 2 PV, 2 bureaux 5, 3 bureaux 9, les 4 bureaux 14. "
                 "Il y en a 4 dans le jeu."),
    },
    "kind:chamber_of_commerce": {
        "en": _t("Chamber of commerce",
                 "When the game ends, every coin you hold is worth 1 point to the owner of the "
                 "chamber of commerce. You keep the coins; they still decide a tie."),
        "de": _t("Handelskammer",
                 "Mit der Handelskammer zählt am Spielende jede deiner Münzen 1 Punkt. Die "
                 "Münzen behältst du; bei Gleichstand zählen sie weiterhin."),
        "fr": _t("Chambre de commerce",
                 "En fin de partie, la chambre de commerce rapporte 1 PV par pièce que vous "
                 "possédez. Vous gardez les pièces ; elles départagent toujours une égalité."),
    },
    "kind:port": {
        "en": _t("Port",
                 "When the game ends, the port is worth 1 point per ship in front of you. "
                 "Empty ships count too."),
        "de": _t("Hafen",
                 "Am Spielende bringt der Hafen 1 Punkt für jedes Schiff, das du besitzt. Auch "
                 "leere Schiffe zählen."),
        "fr": _t("Port",
                 "En fin de partie, le port rapporte 1 PV par navire que vous possédez. Les "
                 "navires vides comptent aussi."),
    },
    "kind:boatsmen_church": {
        "en": _t("Boatsmen church",
                 "The boatsmen church scores 3 points at the end of the game. It does nothing "
                 "else."),
        "de": _t("Flussschifferkirche",
                 "Die Flussschifferkirche bringt am Spielende 3 Punkte. Sonst hat sie keine "
                 "Funktion."),
        "fr": _t("Église des Marins",
                 "L'église des Marins rapporte 3 PV en fin de partie. Elle n'a pas d'autre "
                 "effet."),
    },
    "kind:st_michaelis": {
        "en": _t("St. Michaelis",
                 "St. Michaelis scores 4 points at the end of the game. It does nothing else."),
        "de": _t("St. Michaelis",
                 "St. Michaelis bringt am Spielende 4 Punkte. Sonst hat die Karte keine "
                 "Funktion."),
        "fr": _t("St Michel",
                 "St Michel rapporte 4 PV en fin de partie. La carte n'a pas d'autre effet."),
    },
    "kind:bank": {
        "en": _t("Bank",
                 "The bank's owner gets 1 extra coin at every Income: 2 coins in a round with "
                 "a purchase, 3 without. The bank scores no points."),
        "de": _t("Bank",
                 "Wer die Bank besitzt, erhält in jeder Einkommensphase 1 zusätzliche Münze: 2 "
                 "Münzen in einer Runde mit Kauf, 3 ohne. Die Bank bringt keine Punkte."),
        "fr": _t("Banque",
                 "Le propriétaire de la banque reçoit 1 pièce de plus à chaque Revenu : 2 "
                 "pièces s'il a acheté une carte ce tour, 3 sinon. La banque ne rapporte pas "
                 "de PV."),
    },
    "kind:warehouse": {
        "en": _t("Warehouse",
                 "During Loading you may put cubes into your warehouse or take them out; it "
                 "never holds more than 4. Cubes stay there from round to round. At the end, 1 "
                 "point per cube inside."),
        "de": _t("Lager",
                 "In der Verladung kannst du Warensteine ins Lager legen oder herausnehmen; "
                 "mehr als 4 dürfen nie darin sein. Die Steine bleiben von Runde zu Runde. Am "
                 "Spielende 1 Punkt pro Stein im Lager."),
        "fr": _t("Entrepôt",
                 "Au Chargement, rangez des cubes dans votre entrepôt ou reprenez-les ; il "
                 "n'en contient jamais plus de 4. Les cubes y restent d'un "
                 "tour à l'autre. En fin de partie, 1 PV par cube dans l'entrepôt."),
    },
    "kind:merchant": {
        "en": _t("Merchant",
                 "During Loading a merchant pays 1 coin for every cube of its own good you sell "
                 "it, as many as you like; sold cubes are put in the stock. Each merchant scores "
                 "1 point at the end. There are five: coffee roaster, tea taster, spice trader "
                 "(saffron), carpet trader and vulcanizer (rubber)."),
        "de": _t("Kaufmann",
                 "In der Verladung kauft ein Kaufmann beliebig viele Warensteine seiner "
                 "Warenart für je 1 Münze; die Steine kommen in den Vorrat. Jeder Kaufmann "
                 "bringt am Spielende 1 Punkt. Es gibt fünf: Kaffeeröster, Teeverkoster, "
                 "Gewürzhändler (Safran), Teppichhändler und Vulkaniseur (Kautschuk)."),
        "fr": _t("Marchand",
                 "Pendant le Chargement, un marchand achète autant de cubes de sa marchandise "
                 "que vous voulez, 1 pièce par cube ; les cubes vont au stock. Chaque marchand "
                 "rapporte 1 PV en fin de partie. Il y en a cinq : torréfacteur, dégustateur de "
                 "thé, marchand d'épices (safran), marchand de tapis et vulcaniseur "
                 "(caoutchouc)."),
    },
    # --- score categories of the final screen ---------------------------------------
    "score:track": {
        "en": _t("Score track",
                 "The points on the score track: what the fires gave and took, plus any "
                 "corrections. It may be below 0."),
        "de": _t("Punkteleiste",
                 "Die Punkte auf der Punkteleiste: was die Brände gebracht und gekostet haben, "
                 "dazu Korrekturen. Der Wert kann unter 0 liegen."),
        "fr": _t("Piste de score",
                 "Les PV de la piste de score : ce que les incendies ont donné et retiré, plus "
                 "les corrections. La valeur peut être négative."),
    },
    "score:contracts": {
        "en": _t("Contracts",
                 "Each complete contract: 5 points for 2 goods, 8 for 3, 11 for 4. A contract "
                 "with an empty symbol scores nothing."),
        "de": _t("Aufträge",
                 "Jeder vollständige Auftrag: 5 Punkte für 2 Waren, 8 für 3, 11 für 4. Ein "
                 "Auftrag mit leerem Symbol bringt nichts."),
        "fr": _t("Contrats",
                 "Chaque contrat complet : 5 PV pour 2 marchandises, 8 pour 3, 11 pour 4. Un "
                 "contrat avec un symbole vide ne rapporte rien."),
    },
    "score:counting_offices": {
        "en": _t("Counting offices",
                 "Points for the counting offices you own, growing with each one. 1 office 2 "
                 "points, 2 offices 5, 3 offices 9, all 4 offices 14."),
        "de": _t("Kontore",
                 "Punkte für deine Kontore, je mehr, desto besser. 1 Kontor 2 Punkte, 2 Kontore "
                 "5, 3 Kontore 9, alle 4 Kontore 14."),
        "fr": _t("Bureaux de comptage",
                 "Des PV pour vos bureaux de comptage, de plus en plus par bureau. 1 bureau 2 "
                 "PV, 2 bureaux 5, 3 bureaux 9, les 4 bureaux 14."),
    },
    "score:chamber_of_commerce": {
        "en": _t("Chamber of commerce",
                 "With the chamber of commerce: 1 point per coin you have at the end. You keep "
                 "the coins."),
        "de": _t("Handelskammer",
                 "Mit der Handelskammer: 1 Punkt pro Münze am Spielende. Die Münzen behältst "
                 "du."),
        "fr": _t("Chambre de commerce",
                 "Avec la chambre de commerce : 1 PV par pièce en fin de partie. Vous gardez "
                 "vos pièces."),
    },
    "score:port": {
        "en": _t("Port", "With the port: 1 point for each ship you own. Without it, 0."),
        "de": _t("Hafen", "Mit dem Hafen: 1 Punkt pro eigenem Schiff. Ohne Hafen 0."),
        "fr": _t("Port", "Avec le port : 1 PV par navire possédé. Sans port, 0."),
    },
    "score:boatsmen_church": {
        "en": _t("Boatsmen church", "3 points for owning the boatsmen church. Otherwise 0."),
        "de": _t("Flussschifferkirche",
                 "3 Punkte, wenn du die Flussschifferkirche besitzt. Sonst 0."),
        "fr": _t("Église des Marins", "3 PV si vous possédez l'église des Marins. Sinon 0."),
    },
    "score:st_michaelis": {
        "en": _t("St. Michaelis", "4 points for owning St. Michaelis. Otherwise 0."),
        "de": _t("St. Michaelis", "4 Punkte, wenn du St. Michaelis besitzt. Sonst 0."),
        "fr": _t("St Michel", "4 PV si vous possédez St Michel. Sinon 0."),
    },
    "score:warehouse": {
        "en": _t("Warehouse",
                 "With the warehouse: 1 point per cube inside at the end. It holds at most 4."),
        "de": _t("Lager",
                 "Mit dem Lager: 1 Punkt pro Stein darin am Spielende. Es fasst höchstens 4."),
        "fr": _t("Entrepôt",
                 "Avec l'entrepôt : 1 PV par cube qu'il contient en fin de partie. Il en "
                 "contient 4 au plus."),
    },
    "score:merchants": {
        "en": _t("Merchants", "1 point for each merchant you own. There are five, one per good."),
        "de": _t("Kaufleute",
                 "1 Punkt für jeden Kaufmann, den du besitzt. Es gibt fünf, einen pro Warenart."),
        "fr": _t("Marchands", "1 PV par marchand possédé. Il y en a cinq, un par marchandise."),
    },
    "score:total": {
        "en": _t("Total",
                 "The score track plus all the other categories. Most points wins; on equal "
                 "points, more coins wins. Equal in coins too, they share the win."),
        "de": _t("Summe",
                 "Die Punkteleiste plus alle anderen Wertungen. Die höchste Summe gewinnt; bei "
                 "Gleichstand gewinnt, wer mehr Münzen hat. Sind auch die Münzen gleich, teilen "
                 "sie sich den Sieg."),
        "fr": _t("Total",
                 "La piste de score plus toutes les autres catégories. Le plus haut total "
                 "l'emporte ; en cas d'égalité, celui qui a le plus de pièces. À égalité de "
                 "pièces aussi, la victoire est partagée."),
    },
    # --- phases -------------------------------------------------------------------
    "phase:supply": {
        "en": _t("Supply",
                 "Reveal cards from the pile until the water spaces hold one card more than "
                 "there are players. Every ship is loaded with 3 cubes drawn blindly from the "
                 "bag. A fire is resolved at once, and another card takes its place."),
        "de": _t("Angebot",
                 "Deckt Karten vom Zugstapel auf, bis auf den Wasserfeldern eine Karte mehr "
                 "liegt, als Spieler mitspielen. Jedes Schiff bekommt 3 zufällige Warensteine "
                 "aus dem Beutel. Ein Brand wird sofort abgewickelt, und eine neue Karte kommt "
                 "an seine Stelle."),
        "fr": _t("Approvisionnement",
                 "Révélez des cartes de la pioche jusqu'à avoir, sur les cases d'eau, une carte "
                 "de plus que de joueurs. Chaque navire reçoit 3 cubes tirés au hasard du sac. "
                 "Un incendie est résolu aussitôt, et une autre carte prend sa place."),
    },
    "phase:demand": {
        "en": _t("Demand",
                 "From the first player, clockwise, each player puts one worker above a card, "
                 "on the lowest free space. This goes round three times, until everyone has "
                 "placed all 3 workers. Several of your workers may go above one card; no card "
                 "holds more than 8."),
        "de": _t("Nachfrage",
                 "Ab dem Startspieler setzt reihum jeder 1 Arbeiter über eine Karte, auf das "
                 "unterste freie Gebäudefeld. Das geht dreimal herum, bis alle ihre 3 Arbeiter "
                 "gesetzt haben. Mehrere eigene Arbeiter über einer Karte sind erlaubt; "
                 "höchstens 8 Arbeiter pro Karte."),
        "fr": _t("Demande",
                 "En commençant par le 1er joueur, en sens horaire, chacun place 1 ouvrier "
                 "au-dessus d'une carte, dans la case libre la plus basse. On fait trois tours, "
                 "jusqu'à ce que chacun ait placé ses 3 ouvriers. Plusieurs de vos ouvriers "
                 "peuvent aller sur la même carte ; 8 ouvriers au plus par carte."),
    },
    "phase:purchase": {
        "en": _t("Purchase",
                 "Cards are sold one by one, from the left. The player whose worker is lowest "
                 "may buy the card for 1 coin per worker above it. If they decline, their "
                 "worker goes home and the next one up gets the offer, 1 coin cheaper. A card "
                 "nobody buys is discarded."),
        "de": _t("Kauf",
                 "Die Karten werden von links nach rechts abgewickelt. Wem der unterste "
                 "Arbeiter gehört, darf kaufen, für 1 Münze pro Arbeiter über der Karte. Wer "
                 "ablehnt, nimmt seinen Arbeiter zurück, und der nächste darf kaufen, 1 Münze "
                 "billiger. Kauft niemand, wird die Karte abgelegt."),
        "fr": _t("Achat",
                 "Les cartes sont achetées une par une, de gauche à droite. Le propriétaire de "
                 "l'ouvrier le plus bas peut acheter la carte pour 1 pièce par ouvrier. S'il "
                 "refuse, il reprend son ouvrier et le suivant peut acheter, 1 pièce moins "
                 "cher. Une carte que personne n'achète est défaussée."),
    },
    "phase:loading": {
        "en": _t("Loading",
                 "Use your cards: unload the ships you bought this round, fill contracts, sell "
                 "to merchants, use your warehouse and market hall. No trading between "
                 "players. Cubes still on ships when Loading ends go to the stock."),
        "de": _t("Verladung",
                 "Nutzt eure Karten: entladet die Schiffe dieser Runde, belegt Aufträge, "
                 "verkauft an Kaufleute, nutzt Lager und Markthalle. Kein Handel zwischen "
                 "Spielern. Was am Ende der Verladung noch auf Schiffen liegt, kommt in den "
                 "Vorrat."),
        "fr": _t("Chargement",
                 "Utilisez vos cartes : déchargez les navires achetés ce tour, remplissez vos "
                 "contrats, vendez aux marchands, utilisez entrepôt et marché. Aucun échange "
                 "entre joueurs. Les cubes restés sur les navires à la fin du Chargement vont "
                 "au stock."),
    },
    "phase:income": {
        "en": _t("Income",
                 "Each player is paid 1 coin, plus 1 without a purchase this round, plus 1 for "
                 "the bank's owner. After that the metal coin moves one seat to the left."),
        "de": _t("Einkommen",
                 "Alle bekommen 1 Münze, dazu 1 mehr ohne Kauf in dieser Runde und 1 mehr für "
                 "die Bank. Danach wandert die Metallmünze zum linken Nachbarn."),
        "fr": _t("Revenu",
                 "Chacun reçoit 1 pièce. Celui qui n'a acheté aucune carte ce tour reçoit 1 "
                 "pièce de plus, le propriétaire de la banque aussi. Puis la pièce en métal "
                 "passe au voisin de gauche."),
    },
    "phase:over": {
        "en": _t("Game over",
                 "After the last round the 4th fire is resolved, then every card is scored. "
                 "Most points wins; on equal points, more coins wins. Equal in coins too, they "
                 "share the win."),
        "de": _t("Spielende",
                 "Nach der letzten Runde wird der 4. Brand abgewickelt, dann werden alle "
                 "Karten gewertet. Die höchste Summe gewinnt; bei Gleichstand gewinnt, wer mehr "
                 "Münzen hat. Sind auch die Münzen gleich, teilen sie sich den Sieg."),
        "fr": _t("Fin de partie",
                 "Après le dernier tour, le 4ème incendie est résolu, puis toutes les cartes "
                 "sont comptées. Le plus haut total l'emporte ; en cas d'égalité, celui qui a "
                 "le plus de pièces. À égalité de pièces aussi, la victoire est partagée."),
    },
    # --- topics ---------------------------------------------------------------------
    "topic:fire": {
        "en": _t("How a fire is resolved",
                 "Each player totals the values of their firemen. The highest total moves up "
                 "the score track by the fire's points, the lowest moves down as far; a tie at "
                 "either end counts for everyone in it. If all totals are the same, nothing "
                 "changes. Points may fall below 0."),
        "de": _t("So wird ein Brand abgewickelt",
                 "Jeder zählt die Werte seiner Feuerwehrmänner zusammen. Alle mit der höchsten "
                 "Summe erhalten die Punkte des Brandes auf der Punkteleiste, alle mit der "
                 "niedrigsten verlieren ebenso viele. Haben alle dieselbe Summe, passiert "
                 "nichts. Die Punkteleiste kann unter 0 fallen."),
        "fr": _t("Résoudre un incendie",
                 "Chacun additionne les valeurs de ses casernes. Tous les joueurs au total le "
                 "plus haut gagnent les PV de l'incendie sur la piste de score ; tous ceux au "
                 "total le plus bas en perdent autant. Si tous les totaux sont égaux, personne "
                 "ne gagne ni ne perd. La piste de score peut descendre sous 0."),
    },
    "topic:market_hall": {
        "en": _t("Market hall",
                 "Every player has a market hall, for use during Loading. Convert: hand any 3 "
                 "cubes to the stock and pick 1 cube that was already lying there. "
                 "Sell: give 2 cubes to the stock for 1 coin. Keep: 1 cube, no more, stays "
                 "here for any later round."),
        "de": _t("Markthalle",
                 "Jeder hat eine Markthalle, nutzbar in der Verladung. Umtauschen: 3 "
                 "Warensteine deiner Wahl in den Vorrat, dafür 1 Stein, der schon im Vorrat "
                 "lag. Verkaufen: 2 Steine in den Vorrat für 1 Münze. Aufbewahren: höchstens 1 "
                 "Stein bleibt hier für eine spätere Runde."),
        "fr": _t("Marché",
                 "Chaque joueur a un marché, utilisable pendant le Chargement. Convertir : "
                 "remettez 3 cubes au choix au stock et prenez 1 cube qui s'y trouvait déjà. "
                 "Vendre : remettez 2 cubes au stock pour 1 pièce. Conserver : 1 cube au plus "
                 "reste ici pour un tour ultérieur."),
    },
    "topic:last_round": {
        "en": _t("The last round",
                 "When the Supply leaves only the 4th fire in the pile, this is the last "
                 "round: play it to the end, Income included. Then the 4th fire is resolved "
                 "and the game ends. If the Autumn fire lies right on top of the 4th fire, "
                 "both are resolved in that Supply and the game ends at once."),
        "de": _t("Die letzte Runde",
                 "Liegt nach dem Angebot nur noch der 4. Brand im Zugstapel, beginnt die letzte "
                 "Runde; sie wird ganz gespielt, mit Einkommen. Danach wird der 4. Brand "
                 "abgewickelt, und das Spiel endet. Liegt der 3. Brand direkt auf dem 4. "
                 "Brand, werden beide in diesem Angebot abgewickelt, und das Spiel endet "
                 "sofort."),
        "fr": _t("Le dernier tour",
                 "Quand, après l'Approvisionnement, il ne reste que le 4ème incendie dans la "
                 "pioche, c'est le dernier tour : jouez-le jusqu'au bout, Revenu compris. Puis "
                 "le 4ème incendie est résolu et la partie se termine. Si le 3ème incendie est "
                 "juste au-dessus du 4ème, les deux sont résolus lors de cet Approvisionnement "
                 "et la partie se termine aussitôt."),
    },
}

# Each merchant buys one good; its text names the cube colour players see.
_MERCHANTS: dict[str, dict[str, tuple[str, str]]] = {
    # good: language -> (title, the cubes it buys)
    "coffee": {"en": ("Coffee roaster", "brown cubes (coffee)"),
               "de": ("Kaffeeröster", "braune Steine (Kaffee)"),
               "fr": ("Torréfacteur", "cubes marron (café)")},
    "tea": {"en": ("Tea taster", "green cubes (tea)"),
            "de": ("Teeverkoster", "grüne Steine (Tee)"),
            "fr": ("Dégustateur de thé", "cubes verts (thé)")},
    "saffron": {"en": ("Spice trader", "yellow cubes (saffron)"),
                "de": ("Gewürzhändler", "gelbe Steine (Safran)"),
                "fr": ("Marchand d'épices", "cubes jaunes (safran)")},
    "carpet": {"en": ("Carpet trader", "red cubes (carpet)"),
               "de": ("Teppichhändler", "rote Steine (Teppich)"),
               "fr": ("Marchand de tapis", "cubes rouges (tapis)")},
    "rubber": {"en": ("Vulcanizer", "white cubes (rubber)"),
               "de": ("Vulkaniseur", "weiße Steine (Kautschuk)"),
               "fr": ("Vulcaniseur", "cubes blancs (caoutchouc)")},
}
_FRENCH_TO = {"Torréfacteur": "au torréfacteur", "Dégustateur de thé": "au dégustateur de thé",
              "Marchand d'épices": "au marchand d'épices",
              "Marchand de tapis": "au marchand de tapis", "Vulcaniseur": "au vulcaniseur"}

def _merchant_texts() -> Texts:
    out: Texts = {}
    for good, names in _MERCHANTS.items():
        en, de, fr = names["en"], names["de"], names["fr"]
        out[f"merchant:{good}"] = {
            "en": _t(en[0],
                     f"During Loading, sell as many {en[1]} as you like to the "
                     f"{en[0].lower()}, at 1 coin per cube. Sold cubes are put in the stock, "
                     "never back in the bag. Worth 1 point at the end of the game."),
            "de": _t(de[0],
                     f"In der Verladung kannst du beliebig viele {de[1]} an den {de[0]} "
                     "verkaufen, für je 1 Münze. Verkaufte Steine kommen in den Vorrat (nie "
                     "zurück in den Beutel). Wert am Spielende: 1 Punkt."),
            "fr": _t(fr[0],
                     f"Pendant le Chargement, vendez autant de {fr[1]} que vous voulez "
                     f"{_FRENCH_TO[fr[0]]}, 1 pièce par cube. Les cubes vont au stock, pas dans "
                     "le sac. 1 PV en fin de partie."),
        }
    return out


TEXTS.update(_merchant_texts())


def card_topic(kind: str, good: str | None = None) -> str:
    """The topic key for a card: its merchant's own text, else its kind's."""
    if kind == "merchant" and good is not None and f"merchant:{good}" in TEXTS:
        return f"merchant:{good}"
    return f"kind:{kind}"


def card_topics(cards: Iterable[tuple[str, str | None]]) -> list[str]:
    """The topics of these cards, given as (kind, good), each once, in their first order
    (what a screen's "?" lists for the cards it shows)."""
    return list(dict.fromkeys(card_topic(kind, good) for kind, good in cards))


def help_text(topic: str, language: str) -> tuple[str, str]:
    """The (title, text) of `topic` in `language` (English for a language without texts).

    An unknown topic is a programming error (the tests cover every kind, category
    and phase the engine has): `KeyError` naming it.
    """
    entry = TEXTS.get(topic)
    if entry is None:
        raise KeyError(f"no rules text for {topic!r}")
    lang = language if language in entry else "en"
    return entry[lang]["title"], entry[lang]["text"]


__all__ = ["TEXTS", "card_topic", "card_topics", "help_text"]
