"""A table's own bot delay (seconds a bot waits before it acts; null: the server's setting).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("jick_tables") as batch:
        batch.add_column(sa.Column("bot_delay", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("jick_tables") as batch:
        batch.drop_column("bot_delay")
