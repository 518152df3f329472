-- Pull performance (issue 8): the change-log scan of a pull page in one SQL statement over a window of the log
-- instead of a PL/pgSQL loop that tested every change's document against the page's array (O(page^2)). Same
-- answer as 0161's loop: the first `lim` distinct documents addressed to the reader, in order of their first change
-- after the checkpoint; the new checkpoint is the change just before the first change of the next document (or the
-- last change scanned when the log below the watermark is exhausted). The window starts at twice the page and
-- grows fourfold until it holds the next page's first change or the end of the log.
create or replace function app_private.next_changes(model text, after_txid xid8, after_seq bigint, lim integer,
  out doc_ids uuid[], out txid xid8, out seq bigint)
  language plpgsql stable security definer
  set search_path = pg_catalog, app_private
as $$
declare
  account uuid := app_private.current_account_id();
  account_type text := app_private.current_account_type();
  sees_all boolean := app_private.current_account_type() = 'admin';
  watermark xid8 := pg_snapshot_xmin(pg_current_snapshot());
  window_size bigint := greatest(lim, 1)::bigint * 2 + 100;
  scanned bigint;
  next_page_found boolean;
  checkpoint_txid xid8;
  checkpoint_seq bigint;
begin
  loop
    with scan as (
      select w.txid, w.seq, w.doc_id,
             (sees_all or w.audience is null or account = any (w.audience)
              or account_type = any (w.audience_types)) as visible,
             row_number() over (order by w.txid, w.seq) as pos
      from (select c.txid, c.seq, c.doc_id, c.audience, c.audience_types
            from app_private.changes c
            where c.model = next_changes.model
              and (c.txid, c.seq) > (after_txid, after_seq)
              and c.txid < watermark
            order by c.txid, c.seq
            limit window_size) w
    ), firsts as (
      select s.doc_id, min(s.pos) as first_pos from scan s where s.visible group by s.doc_id
    ), ranked as (
      select f.doc_id, f.first_pos, row_number() over (order by f.first_pos) as rank from firsts f
    ), cutoff as (
      select coalesce((select r.first_pos - 1 from ranked r where r.rank = lim + 1),
                      (select max(s.pos) from scan s)) as pos
    )
    select (select count(*) from scan),
           exists (select 1 from ranked r where r.rank = lim + 1),
           (select array_agg(r.doc_id order by r.rank) from ranked r where r.rank <= lim),
           (select s.txid from scan s, cutoff where s.pos = cutoff.pos),
           (select s.seq from scan s, cutoff where s.pos = cutoff.pos)
      into scanned, next_page_found, doc_ids, checkpoint_txid, checkpoint_seq;
    exit when next_page_found or scanned < window_size;
    window_size := window_size * 4;
  end loop;
  doc_ids := coalesce(doc_ids, '{}');
  txid := coalesce(checkpoint_txid, after_txid);
  seq := coalesce(checkpoint_seq, after_seq);
end;
$$;
