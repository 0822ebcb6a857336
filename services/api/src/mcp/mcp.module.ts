import { Module } from '@nestjs/common';
import { CarsModule } from '../cars/cars.module';
import { LeadsModule } from '../leads/leads.module';
import { SearchModule } from '../search/search.module';
import { SitesModule } from '../sites/sites.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { UnderstandingModule } from '../understanding/understanding.module';
import { McpCarLookup } from './car-lookup';
import { McpController } from './mcp.controller';
import { SiteMcpServers } from './mcp-server';
import { McpSites } from './mcp-site';

/**
 * Each dealer site's MCP endpoint (issue 55): AI assistants search its stock, read its cars,
 * locations and finance estimates and send enquiries, with the same rules as the site's own pages
 * and forms, because they call the same services.
 */
@Module({
  imports: [SitesModule, SearchModule, UnderstandingModule, CarsModule, LeadsModule, ThrottlingModule],
  controllers: [McpController],
  providers: [McpSites, McpCarLookup, SiteMcpServers],
})
export class McpModule {}
