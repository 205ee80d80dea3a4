"""A table's turn timer (seconds a person has for each turn; 0: none).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("jick_tables") as batch:
        batch.add_column(sa.Column("turn_timer", sa.Float(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("jick_tables") as batch:
        batch.drop_column("turn_timer")
