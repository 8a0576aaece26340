#!/usr/bin/env bash
# Makes sure the local PostgreSQL (127.0.0.1:5432, database "test") and Redis
# (127.0.0.1:6379) the integration tests use are running. Idempotent.
set -uo pipefail

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_up; then
  for version in $(ls /etc/postgresql 2>/dev/null); do
    pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
  done
  for _ in $(seq 1 30); do pg_up && break; sleep 0.5; done
fi
if command -v psql >/dev/null 2>&1 && pg_up; then
  psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='test'" 2>/dev/null | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE test" >/dev/null 2>&1 || true
fi
if command -v redis-server >/dev/null 2>&1 && ! redis_up; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis_up && break; sleep 0.2; done
fi
pg_up && echo "postgresql: up" || echo "postgresql: NOT reachable (its tests will skip)"
redis_up && echo "redis: up" || echo "redis: NOT reachable (its tests will skip)"
