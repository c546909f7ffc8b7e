"""Bot matches (``referee match``): bots in any language play each other under the referee.

``process`` runs one bot as a child process speaking protocol ``referee-bot/1``
(``referee.interchange.bot_protocol``), with every fault a value; ``stats`` turns the
results into Elo, normalized Elo, LOS, SPRT and Bradley-Terry ratings.
"""
