-- Editor documents of version 1 measured text sizes and outlines on a 1080-wide display; version 2
-- measures them on a 540-wide one (EDITOR_REFERENCE_WIDTH): sizes halved on their steps of 2 (12 at
-- least), outlines halved, in the texts' order.
UPDATE "generation_edits" SET "document" = jsonb_set(
  jsonb_set("document", '{version}', '2'::jsonb),
  '{texts}',
  COALESCE((
    SELECT jsonb_agg(
      t.value || jsonb_build_object(
        'fontSize', GREATEST(12, round((t.value->>'fontSize')::numeric / 4) * 2),
        'outlineWidth', round((t.value->>'outlineWidth')::numeric / 2)
      ) ORDER BY t.ordinality)
    FROM jsonb_array_elements("document"->'texts') WITH ORDINALITY AS t(value, ordinality)
  ), '[]'::jsonb)
) WHERE ("document"->>'version') = '1';
