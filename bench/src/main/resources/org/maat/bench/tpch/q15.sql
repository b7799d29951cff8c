-- order: 1
-- changes: the view REVENUE0 written as a WITH clause (one statement, nothing left in the schema); DATE '1996-01-01' + INTERVAL '3' MONTH as the literal DATE '1996-04-01'
WITH revenue (supplier_no, total_revenue) AS (
  SELECT l_suppkey, SUM(l_extendedprice * (1 - l_discount))
  FROM lineitem
  WHERE l_shipdate >= DATE '1996-01-01' AND l_shipdate < DATE '1996-04-01'
  GROUP BY l_suppkey)
SELECT s_suppkey, s_name, s_address, s_phone, total_revenue
FROM supplier, revenue
WHERE s_suppkey = supplier_no AND total_revenue = (SELECT MAX(total_revenue) FROM revenue)
ORDER BY s_suppkey
