-- Sockets follow session changes (ADR 022): whenever something a session depends on changes, the
-- committing transaction notifies `fleetops_session_changes` with the ids of the users concerned, and
-- every app process listening re-checks those users' open sockets. Written as triggers so that every
-- path that writes these tables (operations, scripts, a manual fix in psql) is caught.
-- What a session depends on (app/modules/identity/users.server.ts, resolveSession): the user's row
-- (active, tokensValidAfter, departmentId, its existence), the user's direct grants, and the grants of
-- the user's department. Statement-level triggers with transition tables: one notification per
-- statement (per 500 users), however many rows it touches. NOTIFY is sent at commit, and a rolled-back
-- transaction sends nothing.

-- Notifies the given users (duplicates and nulls dropped) in payloads of at most 500 ids, well below
-- NOTIFY's 8000-byte limit: {"users":[1,2,3]}.
CREATE FUNCTION fleetops_notify_session_change(user_ids INTEGER[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  part INTEGER[];
BEGIN
  FOR part IN
    SELECT array_agg(id ORDER BY id)
    FROM (
      SELECT id, (row_number() OVER (ORDER BY id) - 1) / 500 AS chunk
      FROM (SELECT DISTINCT unnest(user_ids) AS id) AS ids
      WHERE id IS NOT NULL
    ) AS numbered
    GROUP BY chunk
    ORDER BY chunk
  LOOP
    PERFORM pg_notify('fleetops_session_changes', json_build_object('users', part)::text);
  END LOOP;
END;
$$;

-- "User": a changed cut-off, active flag or department (not a new theme or name); a deleted user.
CREATE FUNCTION fleetops_user_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(
    SELECT new_rows."id"
    FROM new_rows JOIN old_rows ON old_rows."id" = new_rows."id"
    WHERE new_rows."tokensValidAfter" IS DISTINCT FROM old_rows."tokensValidAfter"
       OR new_rows."active" IS DISTINCT FROM old_rows."active"
       OR new_rows."departmentId" IS DISTINCT FROM old_rows."departmentId"
  ));
  RETURN NULL;
END;
$$;

CREATE FUNCTION fleetops_user_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(SELECT "id" FROM old_rows));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "User_session_update" AFTER UPDATE ON "User"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_user_updated();
CREATE TRIGGER "User_session_delete" AFTER DELETE ON "User"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_user_deleted();

-- "UserPermission": the users whose direct grants were added, removed or changed.
CREATE FUNCTION fleetops_user_grants_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(SELECT "userId" FROM new_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION fleetops_user_grants_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(
    SELECT "userId" FROM new_rows UNION SELECT "userId" FROM old_rows
  ));
  RETURN NULL;
END;
$$;

CREATE FUNCTION fleetops_user_grants_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(SELECT "userId" FROM old_rows));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "UserPermission_session_insert" AFTER INSERT ON "UserPermission"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_user_grants_inserted();
CREATE TRIGGER "UserPermission_session_update" AFTER UPDATE ON "UserPermission"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_user_grants_updated();
CREATE TRIGGER "UserPermission_session_delete" AFTER DELETE ON "UserPermission"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_user_grants_deleted();

-- "DepartmentPermission": every user of the departments whose grants were added, removed or changed,
-- resolved here so that the listeners only ever deal with users.
CREATE FUNCTION fleetops_department_grants_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(
    SELECT "id" FROM "User" WHERE "departmentId" IN (SELECT "departmentId" FROM new_rows)
  ));
  RETURN NULL;
END;
$$;

CREATE FUNCTION fleetops_department_grants_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(
    SELECT "id" FROM "User"
    WHERE "departmentId" IN (SELECT "departmentId" FROM new_rows UNION SELECT "departmentId" FROM old_rows)
  ));
  RETURN NULL;
END;
$$;

CREATE FUNCTION fleetops_department_grants_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(
    SELECT "id" FROM "User" WHERE "departmentId" IN (SELECT "departmentId" FROM old_rows)
  ));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "DepartmentPermission_session_insert" AFTER INSERT ON "DepartmentPermission"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_department_grants_inserted();
CREATE TRIGGER "DepartmentPermission_session_update" AFTER UPDATE ON "DepartmentPermission"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_department_grants_updated();
CREATE TRIGGER "DepartmentPermission_session_delete" AFTER DELETE ON "DepartmentPermission"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_department_grants_deleted();
