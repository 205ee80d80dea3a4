"""Rematches: a table links to the match it follows; a seat token may hold the same seat of each match.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _seats(unique: bool) -> sa.Table:
    """``jick_seats`` as it is with (``unique``) or without the one-table-per-token rule."""
    return sa.Table(
        "jick_seats",
        sa.MetaData(),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=unique),
        sa.Column("claimed", sa.Boolean(), nullable=False),
        sa.Column("muted", sa.Boolean(), nullable=False, server_default=sa.false()),  # from 0004
    )


def upgrade() -> None:
    with op.batch_alter_table("jick_tables") as batch:
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.create_foreign_key(
            "fk_jick_tables_rematch_of", "jick_tables", ["rematch_of"], ["id"], ondelete="SET NULL"
        )
        batch.create_unique_constraint("uq_jick_tables_rematch_of", ["rematch_of"])
    if op.get_bind().dialect.name == "sqlite":  # an unnamed constraint: the table is rebuilt without it
        with op.batch_alter_table("jick_seats", recreate="always", copy_from=_seats(unique=False)):
            pass
    else:
        op.drop_constraint("jick_seats_token_hash_key", "jick_seats", type_="unique")
    op.create_index("ix_jick_seats_token_hash", "jick_seats", ["token_hash"])


def downgrade() -> None:
    op.drop_index("ix_jick_seats_token_hash", table_name="jick_seats")
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("jick_seats", recreate="always", copy_from=_seats(unique=True)):
            pass
    else:
        op.create_unique_constraint("jick_seats_token_hash_key", "jick_seats", ["token_hash"])
    with op.batch_alter_table("jick_tables") as batch:
        batch.drop_constraint("uq_jick_tables_rematch_of", type_="unique")
        batch.drop_constraint("fk_jick_tables_rematch_of", type_="foreignkey")
        batch.drop_column("rematch_of")
