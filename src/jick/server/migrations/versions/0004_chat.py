"""Chat at the tables: the lines said, seats the host muted, whether spectators may chat.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jick_chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("reaction", sa.String(16), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("jick_tables") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("jick_seats") as batch:
        batch.add_column(sa.Column("muted", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("jick_seats") as batch:
        batch.drop_column("muted")
    with op.batch_alter_table("jick_tables") as batch:
        batch.drop_column("spectator_chat")
    op.drop_table("jick_chat")
