#!/usr/bin/env bash
# The scaffolding commands that wrote this repository's Catalog and Orders modules, in order.
#
#   bin/scaffold_reference_app.sh <folder of an app made by `node ace init`>
#
# runs them in that app, so its modules/ shows what the generators write today. The files of
# modules/catalog and modules/orders that differ from it say so on their first line:
#   "// Edited after generation: <why>"  a generated file changed by hand,
#   "// Written by hand: <why>"          a file no command writes.
# `node ace doctor` does not warn about an edit marked so; sync-entity skips it as any edit.
# tests/integration/scaffolding/reference_app_script.spec.ts runs these commands in a new app
# (in process, as scaffolding tests do) and holds every other file of the two modules to what
# they write, byte for byte.
set -euo pipefail
cd "${1:?usage: bin/scaffold_reference_app.sh <folder of an app made by node ace init>}"

node ace add-module Catalog
node ace add-module Orders

# Catalog: a product on API version 1.0, then 2.0 with its category, creation time and DELETE.
node ace add-entity Product --module Catalog --aggregate --properties "Name:string(200),Price:decimal(14,2),Category:string(100)?,CreatedAt:datetime"
node ace add-command CreateProduct --module Catalog --result-type ProductId
node ace add-query GetProductById --module Catalog --result-type ProductDto
node ace add-endpoint CreateProduct --module Catalog --method POST --route / --command CreateProduct --result-type ProductId --api-version 1.0
node ace add-endpoint GetProductById --module Catalog --method GET --route /:id --query GetProductById --result-type ProductDto --api-version 1.0
node ace add-api-version Catalog 2.0
node ace add-command CreateProductV2 --module Catalog --result-type ProductId --fields "Name:string(200),Price:decimal(14,2),Category:string(100)"
node ace add-query GetProductByIdV2 --module Catalog --result-type ProductDetailsDto
node ace add-command DeleteProduct --module Catalog --result-type void
node ace add-endpoint CreateProduct --module Catalog --method POST --route / --command CreateProductV2 --result-type ProductId --api-version 2.0
node ace add-endpoint GetProductById --module Catalog --method GET --route /:id --query GetProductByIdV2 --result-type ProductDetailsDto --api-version 2.0
node ace add-endpoint DeleteProduct --module Catalog --method DELETE --route /:id --command DeleteProduct --result-type void --api-version 2.0
node ace add-migration CreateCatalogProductsTable --module Catalog

# The event Orders keeps its copy of products from. Its payload is the one version 1 was first
# published with (no version, the category only when there is one); the publisher is written
# by hand (infrastructure/publish_product_created_event_handler.ts).
node ace add-event ProductCreated --module Catalog --properties "Id:uuid,Name:string(200),Price:decimal(14,2),Category:string(100)?"
node ace add-consumer ProductCreated --module Orders --from Catalog --read-model
