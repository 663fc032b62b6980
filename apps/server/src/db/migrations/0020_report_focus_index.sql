-- A report focused on one AO, owner or domain (decision 0022) reads one key of a dimension over a
-- period: through the primary key (dimension, day, key, stage) that walked every key of every day.
CREATE INDEX "report_snapshots_focus_idx" ON "report_snapshots" USING btree ("dimension","key","day");
