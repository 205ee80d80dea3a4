"""Decks drawn by the server for each deal, with their commitments; a watch token per table.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jick_decks",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("cards", sa.Text(), nullable=False),
        sa.Column("salt", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
    )
    with op.batch_alter_table("jick_tables") as batch:
        batch.add_column(sa.Column("watch_token_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("jick_tables") as batch:
        batch.drop_column("watch_token_hash")
    op.drop_table("jick_decks")
