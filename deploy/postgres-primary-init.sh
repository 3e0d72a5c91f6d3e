#!/bin/sh
# docker-compose: lets the replica (postgres-replica) stream from this primary (issue 32, ADR 0095).
set -e
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
