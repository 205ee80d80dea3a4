"""Tables, seats and actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jick_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(100), nullable=False),
        sa.Column("header", sa.JSON(), nullable=False),
        sa.Column("bot_level", sa.String(16), nullable=False),
        sa.Column("away_timeout", sa.Float(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("seeded", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("host_token_hash", sa.String(64), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("record", sa.Text(), nullable=True),
    )
    op.create_index("ix_jick_tables_status", "jick_tables", ["status"])
    op.create_table(
        "jick_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("claimed", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "jick_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("ply", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(64), nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("jick_actions")
    op.drop_table("jick_seats")
    op.drop_index("ix_jick_tables_status", table_name="jick_tables")
    op.drop_table("jick_tables")
