-- The command log's one-command functions, unused since the command endpoint writes and reads whole batches
-- (log_commands, command_outcomes in sync/database/commands/10_command_log.sql): dropped, so the log is written and
-- read one way (issue 30, duplicates).
drop function if exists app_private.log_command(uuid, text, bigint, text, jsonb, text, text, text, jsonb, timestamp with time zone);
drop function if exists app_private.command_outcome(uuid);
