"""Durable execution: hookline turns run on a durable workflow engine.

``hookline.durable.dbos`` runs turns as DBOS Transact workflows (extra ``hookline[dbos]``);
nothing here is imported by ``import hookline``. See docs/durable.md.
"""
