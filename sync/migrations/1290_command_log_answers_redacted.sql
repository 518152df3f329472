-- The command log kept each completeStep's answers in clear (variables.input.blob), beside the step that stores them
-- sealed (encrypted_form). From now on log_command keeps only their field names (sync/database/commands/
-- 10_command_log.sql); this replaces the answers already logged the same way.
update app_private.command_log
   set variables = jsonb_set(
         variables, '{input,blob}',
         coalesce((select jsonb_object_agg(k, '[redacted]') from jsonb_object_keys(variables -> 'input' -> 'blob') k),
                  '{}'::jsonb))
 where jsonb_typeof(variables -> 'input' -> 'blob') = 'object';
