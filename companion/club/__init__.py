"""The club: every table's finished games in one PostgreSQL league (docs/club.md).

`speicherstadt-companion club ...` runs on the club's machine, never on a table's
screen. `games` checks a record with the engine (standard library only); `rating` rates
the players with openskill; `db` keeps the league in PostgreSQL through psycopg 3;
`server` takes games from the tables and serves the league read-only; `pages` draws it
in English, German and French. psycopg and openskill are imported only here (the
`club` extra): a table never needs them.
"""
